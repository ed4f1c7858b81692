//! A short guide to Nain Jaune in both languages, shown in a dialog from the top bar.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::i18n::{tr, Lang, T};
use super::AppState;

/// One section of the guide: a heading and its paragraphs.
struct Section {
    heading: &'static str,
    paragraphs: &'static [&'static str],
}

const EN: &[Section] = &[
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

const FR: &[Section] = &[
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

fn sections(lang: Lang) -> &'static [Section] {
    match lang {
        Lang::En => EN,
        Lang::Fr => FR,
    }
}

/// The rules, in the current language.
#[component]
pub fn RulesText() -> impl IntoView {
    let lang = super::i18n::use_lang();
    move || {
        sections(lang.get())
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
    view! {
        <Show when=move || open.get()>
            <div class="dialog-backdrop" on:click=move |_| close()>
                <div
                    class="dialog rules-dialog"
                    role="dialog"
                    aria-modal="true"
                    aria-labelledby="rules-title"
                    data-testid="rules"
                    on:click=|ev| ev.stop_propagation()
                    on:keydown=move |ev| {
                        match ev.key().as_str() {
                            "Escape" => {
                                ev.prevent_default();
                                close();
                            }
                            // The close button is the dialog's only control: Tab stays on it.
                            "Tab" => {
                                ev.prevent_default();
                                if let Some(b) = close_button.get_untracked() {
                                    let _ = b.focus();
                                }
                            }
                            _ => {}
                        }
                    }
                >
                    <header class="dialog-head">
                        <h2 id="rules-title">{tr(T::RulesTitle)}</h2>
                        <button type="button" class="btn" node_ref=close_button on:click=move |_| close()>
                            {tr(T::Close)}
                        </button>
                    </header>
                    <div class="dialog-body rules-body">
                        <RulesText />
                    </div>
                </div>
            </div>
        </Show>
    }
}
