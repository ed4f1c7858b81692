//! A short guide to each game in both languages, shown in a dialog from the top bar (the game on
//! the table first; a switch shows the others).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::i18n::{tr, Lang, T};
use super::AppState;
use crate::engine::game::GameId;
use crate::record::Table;

/// One section of the guide: a heading and its paragraphs.
struct Section {
    heading: &'static str,
    paragraphs: &'static [&'static str],
}

const NJ_EN: &[Section] = &[
    Section {
        heading: "The aim",
        paragraphs: &[
            "Be the first to get rid of all your cards, and pick up the chips lying on the board on the way. When the game ends, the richest player wins.",
        ],
    },
    Section {
        heading: "The board",
        paragraphs: &[
            "Five boxes wait in the middle of the table, each named after a card: the ten of diamonds, the jack of clubs, the queen of spades, the king of hearts and, in the centre, the Yellow Dwarf — the seven of diamonds.",
            "Before each round everybody feeds them: 1 chip to the 10♦, 2 to the J♣, 3 to the Q♠, 4 to the K♥ and 5 to the Yellow Dwarf (more with a stake multiplier). A box nobody wins keeps its chips for the next round.",
        ],
    },
    Section {
        heading: "Playing a round",
        paragraphs: &[
            "The cards are dealt out; a few stay face down in the talon and are never played. The player after the dealer opens with any card.",
            "Whoever has just played keeps climbing while he can: after a 4 he lays a 5, then a 6, and so on, in any suit. Aces are low, kings high.",
            "When he has no card of the next rank, the table calls it — “8 without 9” — and the next player in turn who holds a 9 must carry on. If several copies are in his hand, he picks which one.",
            "If no one can continue (the missing cards sleep in the talon), or a king has just been played, the last player to lay a card starts a new climb with any card he likes.",
        ],
    },
    Section {
        heading: "Board cards",
        paragraphs: &[
            "Laying the 10♦, J♣, Q♠, K♥ or 7♦ wins at once everything in the matching box.",
        ],
    },
    Section {
        heading: "End of the round",
        paragraphs: &[
            "The round stops as soon as someone plays his last card. Everyone else then settles up:",
            "a board card still in hand is a penalty: its holder pays into that box as many chips as it already holds;",
            "then each loser pays the winner for what he still holds: 1 for an ace, face value from 2 to 10, 10 for a jack, queen or king (or, by house rule, one chip per card). A player who runs short pays what he has.",
            "Grand Opéra: if the winner emptied his hand before anybody else laid a single card, he also sweeps all five boxes.",
        ],
    },
    Section {
        heading: "End of the game",
        paragraphs: &[
            "The game stops when someone can no longer pay the full stake before a round (or after the number of rounds you chose). Most chips wins.",
        ],
    },
    Section {
        heading: "Playing here",
        paragraphs: &[
            "Your playable cards stand out and lift from your hand: click or tap one. With the keyboard, the arrow keys move between them and Enter or Space plays. The log on the side tells every move and every payment.",
        ],
    },
];

const NJ_FR: &[Section] = &[
    Section {
        heading: "Le but",
        paragraphs: &[
            "Se débarrasser le premier de toutes ses cartes, en ramassant au passage les jetons posés sur le tableau. À la fin de la partie, le joueur le plus riche l'emporte.",
        ],
    },
    Section {
        heading: "Le tableau",
        paragraphs: &[
            "Cinq cases occupent le milieu de la table, chacune au nom d'une carte : le dix de carreau, le valet de trèfle, la dame de pique, le roi de cœur et, au centre, le Nain Jaune — le sept de carreau.",
            "Avant chaque donne, tout le monde les garnit : 1 jeton sur le 10♦, 2 sur le valet de trèfle, 3 sur la dame de pique, 4 sur le roi de cœur et 5 sur le Nain Jaune (davantage avec un multiplicateur de mise). Une case que personne ne gagne garde ses jetons pour la donne suivante.",
        ],
    },
    Section {
        heading: "Le déroulement d'une donne",
        paragraphs: &[
            "On distribue les cartes ; quelques-unes restent face cachée au talon et ne seront jamais jouées. Le joueur qui suit le donneur ouvre avec la carte de son choix.",
            "Celui qui vient de jouer continue de monter tant qu'il le peut : après un 4 il pose un 5, puis un 6, et ainsi de suite, peu importe la couleur. L'as est la plus petite carte, le roi la plus forte.",
            "Quand il n'a pas le rang suivant, on l'annonce — « 8 sans 9 » — et le prochain joueur dans l'ordre qui tient un 9 doit prendre la suite. S'il en a plusieurs, il choisit lequel poser.",
            "Si personne ne peut poursuivre (les cartes manquantes dorment au talon), ou juste après un roi, le dernier à avoir posé une carte repart avec la carte qu'il veut.",
        ],
    },
    Section {
        heading: "Les cartes du tableau",
        paragraphs: &[
            "Poser le 10♦, le valet de trèfle, la dame de pique, le roi de cœur ou le 7♦ rapporte aussitôt tout le contenu de la case correspondante.",
        ],
    },
    Section {
        heading: "La fin d'une donne",
        paragraphs: &[
            "La donne s'arrête dès qu'un joueur pose sa dernière carte. Les autres règlent alors leurs comptes :",
            "une carte du tableau restée en main coûte une pénalité : son détenteur verse dans la case autant de jetons qu'elle en contient déjà ;",
            "puis chaque perdant paie au gagnant ce qui lui reste en main : 1 pour un as, la valeur de la carte de 2 à 10, 10 pour un valet, une dame ou un roi (ou, selon la règle de la maison, un jeton par carte). Celui qui n'a plus assez paie ce qu'il possède.",
            "Grand Opéra : si le gagnant a vidé sa main avant que quiconque ait posé une seule carte, il rafle en plus les cinq cases.",
        ],
    },
    Section {
        heading: "La fin de la partie",
        paragraphs: &[
            "La partie s'arrête quand un joueur ne peut plus verser la mise complète avant une donne (ou après le nombre de donnes choisi). Le plus gros tas de jetons gagne.",
        ],
    },
    Section {
        heading: "Jouer ici",
        paragraphs: &[
            "Vos cartes jouables ressortent et se soulèvent de votre main : cliquez ou touchez-en une. Au clavier, les flèches passent de l'une à l'autre et Entrée ou Espace la joue. Le journal sur le côté raconte chaque coup et chaque paiement.",
        ],
    },
];

const PROGRAMMES_EN: &[Section] = &[
    Section {
        heading: "The aim",
        paragraphs: &[
            "Everyone holds a secret program card: a list of combinations to put down all at once. Each program you complete scores one; the first player to complete five (or the number chosen for the game) wins on the spot.",
        ],
    },
    Section {
        heading: "The cards",
        paragraphs: &[
            "Two decks and four jokers, 108 cards in all. The jokers and the twos are wild: each can take the place of any card, and a two never counts as a two.",
            "A run is three or more cards of one suit in order, such as 5♥ 6♥ 7♥; the ace sits below the two or above the king, never both, and a run does not turn the corner from king to two. A set is three or more cards of one rank, in any suits — with two decks the very same card may appear twice. Each combination needs at least one card that is not wild.",
        ],
    },
    Section {
        heading: "Program cards",
        paragraphs: &[
            "A program asks for runs or sets of an exact length. On the card a horizontal arrow stands for a run, a vertical arrow for a set, and the number beside it for the number of cards; ×2 or ×3 asks for that many separate combinations. Some cards also fix the values, allow only certain suits, or ban wilds (a joker crossed out in red).",
            "A sun is a gift: it counts as a completed program straight away, and whoever receives it takes another program card.",
        ],
    },
    Section {
        heading: "Your turn",
        paragraphs: &[
            "Start by taking the top card of the stock or of the discard pile (with a single card in hand, only the stock). A card picked up from the discard pile cannot go back there in the same turn.",
            "If your hand now holds everything your program asks for, you may reveal it: lay all its combinations on the table together, exactly as the card says.",
            "Finish by discarding one card — unless you have just laid down your last one.",
        ],
    },
    Section {
        heading: "Once revealed",
        paragraphs: &[
            "From the turn you reveal onwards you may lay down new sets of one rank and add cards to any meld on the table, yours or not: a run grows at either end in its suit, a set takes more of its rank. Starting a new run, splitting a meld or moving its cards is never allowed, and before revealing you may not touch the table at all. A wild keeps the value it was given until the end of the round.",
        ],
    },
    Section {
        heading: "End of a round",
        paragraphs: &[
            "The round ends as soon as a player has no card left, or when every player has revealed. If the stock runs dry, the discard pile — all but its top card — is shuffled into a new stock.",
            "Each revealed program counts one. Those who completed theirs get a new program card; the others keep the same one for the next round. Cards left in hand cost nothing. The deal moves one seat to the left.",
        ],
    },
    Section {
        heading: "Playing here",
        paragraphs: &[
            "Your program card sits beside your hand; hover it to read it in words. Click the stock or the discard pile (or press S or D) to draw.",
            "When your hand fulfils your program, the page lists every way to lay it down, with each wild showing the card it stands for: pick one (arrow keys work) and press Reveal (R).",
            "Select cards by clicking them, or with the arrow keys and Space, then press New set (N), an Add button on a meld (A takes you there), or Discard (X). When a move is not allowed, a line under the buttons says why.",
        ],
    },
];

const PROGRAMMES_FR: &[Section] = &[
    Section {
        heading: "Le but",
        paragraphs: &[
            "Chacun tient une carte programme secrète : une liste de combinaisons à poser d'un seul coup. Chaque programme réussi compte un point ; le premier à en réussir cinq (ou le nombre choisi pour la partie) gagne sur-le-champ.",
        ],
    },
    Section {
        heading: "Les cartes",
        paragraphs: &[
            "Deux jeux et quatre jokers, soit 108 cartes. Les jokers et les deux sont des frimes : chacun peut remplacer n'importe quelle carte, et un deux ne vaut jamais deux.",
            "Une suite, c'est au moins trois cartes d'une même couleur qui se suivent, comme 5♥ 6♥ 7♥ ; l'as se place sous le deux ou au-dessus du roi, jamais les deux à la fois, et une suite ne passe pas du roi au deux. Un groupe de pareilles, c'est au moins trois cartes d'un même rang, de couleurs quelconques — avec deux jeux, la même carte peut y figurer deux fois. Chaque combinaison compte au moins une carte qui n'est pas une frime.",
        ],
    },
    Section {
        heading: "Les cartes programme",
        paragraphs: &[
            "Un programme demande des suites ou des pareilles d'une longueur exacte. Sur la carte, une flèche horizontale désigne une suite, une flèche verticale des pareilles, et le nombre à côté le nombre de cartes ; ×2 ou ×3 demande autant de combinaisons distinctes. Certaines cartes imposent aussi des valeurs, n'autorisent que certaines couleurs ou interdisent les frimes (un joker barré de rouge).",
            "Le soleil est un cadeau : il compte tout de suite comme un programme réussi, et celui qui le reçoit prend une autre carte programme.",
        ],
    },
    Section {
        heading: "Votre tour",
        paragraphs: &[
            "Commencez par prendre la carte du dessus de la pioche ou de la défausse (avec une seule carte en main, seulement la pioche). Une carte prise dans la défausse ne peut pas y retourner au même tour.",
            "Si votre main contient alors tout ce que demande votre programme, vous pouvez le dévoiler : posez toutes ses combinaisons ensemble, exactement comme l'indique la carte.",
            "Terminez en défaussant une carte — sauf si vous venez de poser la dernière.",
        ],
    },
    Section {
        heading: "Après avoir dévoilé",
        paragraphs: &[
            "Dès le tour où vous dévoilez, vous pouvez poser de nouveaux groupes de pareilles et ajouter des cartes à n'importe quelle combinaison de la table, à vous ou non : une suite s'allonge à l'un ou l'autre bout dans sa couleur, un groupe accueille d'autres cartes de son rang. Commencer une nouvelle suite, couper une combinaison ou en déplacer les cartes n'est jamais permis, et avant d'avoir dévoilé on ne touche pas du tout à la table. Une frime garde la valeur qu'on lui a donnée jusqu'à la fin de la donne.",
        ],
    },
    Section {
        heading: "La fin d'une donne",
        paragraphs: &[
            "La donne s'arrête dès qu'un joueur n'a plus de carte, ou quand tous ont dévoilé. Si la pioche s'épuise, on mélange la défausse — sauf sa carte du dessus — pour en refaire une.",
            "Chaque programme dévoilé compte un. Ceux qui ont réussi reçoivent une nouvelle carte programme ; les autres gardent la leur pour la donne suivante. Les cartes restées en main ne coûtent rien. La donne passe au joueur de gauche.",
        ],
    },
    Section {
        heading: "Jouer ici",
        paragraphs: &[
            "Votre carte programme se trouve à côté de votre main ; survolez-la pour la lire en toutes lettres. Cliquez sur la pioche ou la défausse (ou appuyez sur S ou D) pour prendre une carte.",
            "Quand votre main remplit votre programme, la page liste toutes les façons de le poser, chaque frime montrant la carte qu'elle remplace : choisissez-en une (les flèches fonctionnent) et appuyez sur Dévoiler (R).",
            "Sélectionnez des cartes d'un clic, ou avec les flèches et Espace, puis appuyez sur Nouveau groupe (N), sur un bouton Ajouter d'une combinaison (A y mène), ou sur Défausser (X). Quand un coup n'est pas permis, une ligne sous les boutons dit pourquoi.",
        ],
    },
];

fn sections(game: GameId, lang: Lang) -> &'static [Section] {
    match (game, lang) {
        (GameId::Programmes, Lang::En) => PROGRAMMES_EN,
        (GameId::Programmes, Lang::Fr) => PROGRAMMES_FR,
        (_, Lang::En) => NJ_EN,
        (_, Lang::Fr) => NJ_FR,
    }
}

fn rules_title(game: GameId, lang: Lang) -> &'static str {
    match game {
        GameId::Programmes => lang.pick("How to play Programmes", "Comment jouer aux Programmes"),
        _ => T::RulesTitle.text(lang),
    }
}

/// The rules of `game`, in the current language.
#[component]
pub fn RulesText(#[prop(into)] game: Signal<GameId>) -> impl IntoView {
    let lang = super::i18n::use_lang();
    move || {
        sections(game.get(), lang.get())
            .iter()
            .map(|section| {
                view! {
                    <section class="rules-section">
                        <h3>{section.heading}</h3>
                        {section.paragraphs.iter().map(|p| view! { <p>{*p}</p> }).collect_view()}
                    </section>
                }
            })
            .collect_view()
    }
}

/// The rules dialog; Escape or the close button closes it and gives the focus back.
#[component]
pub fn RulesDialog() -> impl IntoView {
    let state = expect_context::<AppState>();
    let open = state.rules_open;
    let close_button = NodeRef::<leptos::html::Button>::new();
    // The element that had the focus before the dialog opened gets it back.
    let opener = StoredValue::new_local(None::<web_sys::HtmlElement>);
    Effect::new(move |_| {
        if open.get() {
            let active = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.active_element())
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            opener.set_value(active);
            set_timeout(
                move || {
                    if let Some(button) = close_button.get_untracked() {
                        let _ = button.focus();
                    }
                },
                std::time::Duration::ZERO,
            );
        } else if let Some(el) = opener.get_value() {
            let _ = el.focus();
            opener.set_value(None);
        }
    });
    let close = move || open.set(false);
    // The game on the table (or the first game) when the dialog opens; the switch shows another.
    let game = RwSignal::new(Table::GAMES[0]);
    Effect::new(move |_| {
        if open.get() {
            let on_table = state.session.with_untracked(|s| s.as_ref().map(|s| s.table.game_id()));
            game.set(on_table.unwrap_or(Table::GAMES[0]));
        }
    });
    let dialog = NodeRef::<leptos::html::Div>::new();
    view! {
        <Show when=move || open.get()>
            <div class="dialog-backdrop" on:click=move |_| close()>
                <div
                    class="dialog rules-dialog"
                    role="dialog"
                    aria-modal="true"
                    aria-labelledby="rules-title"
                    data-testid="rules"
                    node_ref=dialog
                    on:click=|ev| ev.stop_propagation()
                    on:keydown=move |ev| {
                        match ev.key().as_str() {
                            "Escape" => {
                                ev.prevent_default();
                                close();
                            }
                            // Tab goes round the dialog's buttons and stays inside.
                            "Tab" => {
                                let Some(d) = dialog.get_untracked() else { return };
                                let Ok(list) = d.query_selector_all("button") else { return };
                                let buttons: Vec<web_sys::HtmlElement> = (0..list.length())
                                    .filter_map(|i| list.item(i))
                                    .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
                                    .collect();
                                let active = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
                                let at = active.and_then(|a| buttons.iter().position(|b| b.unchecked_ref::<web_sys::Element>() == &a));
                                let n = buttons.len().max(1);
                                let next = match at {
                                    Some(i) if ev.shift_key() => (i + n - 1) % n,
                                    Some(i) => (i + 1) % n,
                                    None => 0,
                                };
                                ev.prevent_default();
                                if let Some(b) = buttons.get(next) {
                                    let _ = b.focus();
                                }
                            }
                            _ => {}
                        }
                    }
                >
                    <header class="dialog-head">
                        <h2 id="rules-title">{move || rules_title(game.get(), state.lang.get())}</h2>
                        <button type="button" class="btn" node_ref=close_button on:click=move |_| close()>
                            {tr(T::Close)}
                        </button>
                    </header>
                    <div class="rules-games" role="group" aria-label=move || T::ChooseGame.text(state.lang.get())>
                        {Table::GAMES
                            .iter()
                            .map(|&g| view! {
                                <button
                                    type="button"
                                    class="btn btn-small"
                                    data-testid=format!("rules-{}", g.key())
                                    aria-pressed=move || (game.get() == g).to_string()
                                    on:click=move |_| game.set(g)
                                >
                                    {move || super::option_specs::pick(state.lang.get(), super::option_specs::game_title(g).0)}
                                </button>
                            })
                            .collect_view()}
                    </div>
                    <div class="dialog-body rules-body">
                        <RulesText game=game />
                    </div>
                </div>
            </div>
        </Show>
    }
}
