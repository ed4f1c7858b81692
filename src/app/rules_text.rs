//! A short guide to each game in both languages, shown in a dialog from the top bar: the game on
//! the table first, the others a tab away.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::engine::game::GameId;

use super::dialog_focus;
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
            "Cinq cases occupent le milieu de la table, chacune au nom d'une carte : le dix de carreau, le valet de trèfle, la dame de pique, le roi de cœur et, au centre, le Nain Jaune — le sept de carreau.",
            "Avant chaque donne, tout le monde les garnit : 1 jeton sur le 10♦, 2 sur le valet de trèfle, 3 sur la dame de pique, 4 sur le roi de cœur et 5 sur le Nain Jaune (davantage avec un multiplicateur de mise). Une case que personne ne gagne garde ses jetons pour la donne suivante.",
        ],
    },
    Section {
        heading: "Le déroulement d'une donne",
        paragraphs: &[
            "On distribue les cartes ; quelques-unes restent face cachée au talon et ne seront jamais jouées. Le joueur qui suit le donneur ouvre avec la carte de son choix.",
            "Celui qui vient de jouer continue de monter tant qu'il le peut : après un 4 il pose un 5, puis un 6, et ainsi de suite, peu importe la couleur. L'as est la plus petite carte, le roi la plus forte.",
            "Quand il n'a pas le rang suivant, on l'annonce — « 8 sans 9 » — et le prochain joueur dans l'ordre qui tient un 9 doit prendre la suite. S'il en a plusieurs, il choisit lequel poser.",
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
            "La donne s'arrête dès qu'un joueur pose sa dernière carte. Les autres règlent alors leurs comptes :",
            "une carte du tableau restée en main coûte une pénalité : son détenteur verse dans la case autant de jetons qu'elle en contient déjà ;",
            "puis chaque perdant paie au gagnant ce qui lui reste en main : 1 pour un as, la valeur de la carte de 2 à 10, 10 pour un valet, une dame ou un roi (ou, selon la règle de la maison, un jeton par carte). Celui qui n'a plus assez paie ce qu'il possède.",
            "Grand Opéra : si le gagnant a vidé sa main avant que quiconque ait posé une seule carte, il rafle en plus les cinq cases.",
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
            "Vos cartes jouables ressortent et se soulèvent de votre main : cliquez ou touchez-en une. Au clavier, les flèches passent de l'une à l'autre et Entrée ou Espace la joue. Le journal sur le côté raconte chaque coup et chaque paiement.",
        ],
    },
];


const BONANZA_EN: &[Section] = &[
    Section {
        heading: "The aim",
        paragraphs: &[
            "Win chips from the wheel. Each deal has two halves: first the dealer calls five combinations, and whoever can show one takes its space; then a race in which the four cards named on the wheel take their spaces and the first player out of cards takes the Bonanza pot in the middle. The richest player at the end wins.",
        ],
    },
    Section {
        heading: "The wheel and the ante",
        paragraphs: &[
            "The wheel has ten spaces. Its top half is for the calls: Joker, Queen-Jack (queen of spades with jack of diamonds), Sequence, Ten-Two (ten of diamonds with two of spades) and Poker. Its bottom half is for the race: ace of spades, king of hearts, queen of diamonds, jack of clubs. The Bonanza pot sits in the centre.",
            "Before every deal each player puts one chip on every space (ten chips, or nine when the table plays without the Poker space). Chips nobody wins stay where they are, so the hard spaces grow from deal to deal.",
        ],
    },
    Section {
        heading: "The deal and the widow",
        paragraphs: &[
            "A pack of 52 cards and a joker is dealt out completely, one card at a time, with one extra hand — the widow — dealt as if it were a player on the dealer's left.",
            "Without looking at it, the dealer either swaps his own hand for the widow, or keeps his hand and auctions the widow off. The others bid in turn from the dealer's left, each bid at least one chip above the last, never more than the bidder owns; a player who passes is out of the auction. The buyer pays the dealer (or, by house rule, the Bonanza pot) and swaps his hand for the widow. Either way one hand lies face down as the dead hand until the deal ends; if nobody bids, the widow itself is dead.",
        ],
    },
    Section {
        heading: "The dealer's calls",
        paragraphs: &[
            "The dealer calls Joker, Queen-Jack, Sequence, Ten-Two and Poker in that order. At each call the players answer in turn from the dealer's left, the dealer included. Showing is never compulsory: it tells the table what you hold.",
            "Joker: its holder may show it and take the space, or keep it hidden as a wild card for a later call. A joker that has been shown, at any call, is out of the deal.",
            "Queen-Jack and Ten-Two: show both named cards — or one of them with the joker — and the space is yours. Shown cards go back into your hand.",
            "Sequence: three cards that follow each other in one suit (the ace may start A-2-3 or end Q-K-A). Everyone may show one; the highest top card wins, then a sequence without the joker, then the suit of the top card (spades, hearts, diamonds, clubs).",
            "Poker: everyone with at least five cards makes his best five, without drawing, the joker wild. One round of betting starts with the dealer: check while nobody has bet, otherwise call, raise or fold. A bet or raise is 1 to 5 chips, three raises at most after the bet, and nobody may put in more than the poorest player had when the betting began. The best hand takes the space and the bets; if all but one fold, he takes them without showing.",
            "A joker still hidden after the Poker call is set aside for the race (by house rule it can stay in hand as a card that can never be played).",
        ],
    },
    Section {
        heading: "The race",
        paragraphs: &[
            "Aces are high. The dealer starts by playing the lowest card he holds in any suit. Whoever holds the next card of that suit must play it at once, and so on up the suit.",
            "When the ace is played, or when the next card cannot come (it is in the dead hand, or was played before), the last card is a stop. Its player now plays his lowest card in a suit of the other colour; if he has none, the first player to his left who has one does. Only if nobody has any may the stop player choose any suit.",
            "Playing the ace of spades, the king of hearts, the queen of diamonds or the jack of clubs takes that space at once.",
            "The first player to play his last card calls Bonanza: he takes the pot in the centre, and every other player pays him one chip per card left in hand. The deal ends there and the dead hand is turned up.",
        ],
    },
    Section {
        heading: "End of the game",
        paragraphs: &[
            "The deal moves to the left. The game lasts the number of deals chosen (twice the number of players unless you change it). A player who cannot ante every space drops out. At the end the chips still on the wheel are shared equally among the players left (or, by house rule, go to the chip leader), and the richest player wins.",
        ],
    },
    Section {
        heading: "Playing here",
        paragraphs: &[
            "Your choices appear as buttons under the table — a show is drawn as the cards it shows. Tab or the arrow keys move between them, Enter presses one. In the race your playable cards lift from your hand: click one, or move with the arrow keys and press Enter. The log on the side tells every move and every payment.",
        ],
    },
];

const BONANZA_FR: &[Section] = &[
    Section {
        heading: "Le but",
        paragraphs: &[
            "Gagner les jetons posés sur la roue. Chaque donne a deux moitiés : d'abord le donneur annonce cinq combinaisons, et qui peut en montrer une prend sa case ; puis vient une course où les quatre cartes inscrites sur la roue prennent leur case et où le premier joueur sans cartes rafle le pot du Bonanza, au centre. Le plus riche à la fin gagne.",
        ],
    },
    Section {
        heading: "La roue et la mise",
        paragraphs: &[
            "La roue compte dix cases. Sa moitié haute sert aux annonces : Joker, Dame-Valet (dame de pique et valet de carreau), Séquence, Dix-Deux (dix de carreau et deux de pique) et Poker. Sa moitié basse sert à la course : as de pique, roi de cœur, dame de carreau, valet de trèfle. Le pot du Bonanza est au centre.",
            "Avant chaque donne, chaque joueur pose un jeton sur chaque case (dix jetons, ou neuf si l'on joue sans la case Poker). Les jetons que personne ne gagne restent en place : les cases difficiles grossissent de donne en donne.",
        ],
    },
    Section {
        heading: "La donne et la veuve",
        paragraphs: &[
            "On distribue tout le paquet de 52 cartes et un joker, une carte à la fois, en servant une main de plus — la veuve — comme si elle était un joueur assis à gauche du donneur.",
            "Sans la regarder, le donneur échange sa main contre la veuve, ou bien garde sa main et met la veuve aux enchères. Les autres enchérissent à tour de rôle depuis la gauche du donneur, chaque offre dépassant la précédente d'au moins un jeton, sans jamais dépasser ce que possède l'enchérisseur ; qui passe ne revient plus. L'acheteur paie le donneur (ou, selon la règle de la maison, le pot du Bonanza) et échange sa main contre la veuve. Dans tous les cas une main reste face cachée, la main morte, jusqu'à la fin de la donne ; si personne n'enchérit, c'est la veuve elle-même qui est morte.",
        ],
    },
    Section {
        heading: "Les annonces du donneur",
        paragraphs: &[
            "Le donneur annonce dans l'ordre Joker, Dame-Valet, Séquence, Dix-Deux et Poker. À chaque annonce, les joueurs répondent tour à tour depuis la gauche du donneur, donneur compris. Montrer n'est jamais obligatoire : c'est dévoiler une partie de son jeu.",
            "Joker : son détenteur peut le montrer et prendre la case, ou le garder caché comme carte joker pour une annonce suivante. Un joker montré, à n'importe quelle annonce, quitte la donne.",
            "Dame-Valet et Dix-Deux : montrez les deux cartes nommées — ou l'une d'elles avec le joker — et la case est à vous. Les cartes montrées reviennent dans votre main.",
            "Séquence : trois cartes qui se suivent dans une même couleur (l'as peut commencer A-2-3 ou finir D-R-A). Chacun peut en montrer une ; la plus haute carte de tête l'emporte, puis la séquence sans joker, puis la couleur de la carte de tête (pique, cœur, carreau, trèfle).",
            "Poker : chaque joueur ayant au moins cinq cartes compose ses cinq meilleures, sans en changer, le joker remplaçant n'importe quelle carte. Un seul tour d'enchères commence au donneur : parole tant que personne n'a misé, sinon suivre, relancer ou se coucher. Une mise ou une relance va de 1 à 5 jetons, trois relances au plus après la mise, et personne ne peut engager plus que ce que possédait le joueur le plus pauvre au début des enchères. La meilleure main prend la case et les mises ; si tous les autres se couchent, le dernier les prend sans montrer.",
            "Un joker resté caché après l'annonce Poker est mis de côté pour la course (selon la règle de la maison, il peut rester en main comme une carte qu'on ne pose jamais).",
        ],
    },
    Section {
        heading: "La course",
        paragraphs: &[
            "L'as est la plus forte carte. Le donneur commence en posant la plus petite carte qu'il a dans la couleur de son choix. Qui détient la carte suivante de cette couleur doit la poser aussitôt, et l'on monte ainsi dans la couleur.",
            "Quand l'as est posé, ou quand la carte suivante ne peut pas venir (elle est dans la main morte, ou déjà jouée), la dernière carte est une carte d'arrêt. Son joueur pose alors sa plus petite carte dans une couleur de l'autre teinte ; s'il n'en a pas, c'est le premier joueur à sa gauche qui en a une. Si personne n'en a, le joueur de l'arrêt choisit n'importe quelle couleur.",
            "Poser l'as de pique, le roi de cœur, la dame de carreau ou le valet de trèfle prend aussitôt la case correspondante.",
            "Le premier à poser sa dernière carte crie Bonanza : il rafle le pot du centre, et chacun des autres lui paie un jeton par carte restée en main. La donne s'arrête là et l'on retourne la main morte.",
        ],
    },
    Section {
        heading: "La fin de la partie",
        paragraphs: &[
            "La donne passe à gauche. La partie dure le nombre de donnes choisi (deux fois le nombre de joueurs, sauf réglage contraire). Un joueur qui ne peut plus garnir toutes les cases abandonne. À la fin, les jetons restés sur la roue sont partagés à parts égales entre les joueurs encore en jeu (ou, selon la règle de la maison, vont au plus riche), et le plus riche gagne.",
        ],
    },
    Section {
        heading: "Jouer ici",
        paragraphs: &[
            "Vos choix apparaissent sous forme de boutons sous la table — une combinaison à montrer est dessinée avec ses cartes. Tab ou les flèches passent de l'un à l'autre, Entrée le valide. Pendant la course, vos cartes jouables se soulèvent : cliquez-en une, ou choisissez-la avec les flèches et appuyez sur Entrée. Le journal sur le côté raconte chaque coup et chaque paiement.",
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
            "Chacun tient une carte programme secrète : une liste de combinaisons à poser d'un seul coup. Chaque programme réussi compte un point ; le premier à en réussir cinq (ou le nombre choisi pour la partie) gagne sur-le-champ.",
        ],
    },
    Section {
        heading: "Les cartes",
        paragraphs: &[
            "Deux jeux et quatre jokers, soit 108 cartes. Les jokers et les deux sont des frimes : chacun peut remplacer n'importe quelle carte, et un deux ne vaut jamais deux.",
            "Une suite, c'est au moins trois cartes d'une même couleur qui se suivent, comme 5♥ 6♥ 7♥ ; l'as se place sous le deux ou au-dessus du roi, jamais les deux à la fois, et une suite ne passe pas du roi au deux. Un groupe de pareilles, c'est au moins trois cartes d'un même rang, de couleurs quelconques — avec deux jeux, la même carte peut y figurer deux fois. Chaque combinaison compte au moins une carte qui n'est pas une frime.",
        ],
    },
    Section {
        heading: "Les cartes programme",
        paragraphs: &[
            "Un programme demande des suites ou des pareilles d'une longueur exacte. Sur la carte, une flèche horizontale désigne une suite, une flèche verticale des pareilles, et le nombre à côté le nombre de cartes ; ×2 ou ×3 demande autant de combinaisons distinctes. Certaines cartes imposent aussi des valeurs, n'autorisent que certaines couleurs ou interdisent les frimes (un joker barré de rouge).",
            "Le soleil est un cadeau : il compte tout de suite comme un programme réussi, et celui qui le reçoit prend une autre carte programme.",
        ],
    },
    Section {
        heading: "Votre tour",
        paragraphs: &[
            "Commencez par prendre la carte du dessus de la pioche ou de la défausse (avec une seule carte en main, seulement la pioche). Une carte prise dans la défausse ne peut pas y retourner au même tour.",
            "Si votre main contient alors tout ce que demande votre programme, vous pouvez le dévoiler : posez toutes ses combinaisons ensemble, exactement comme l'indique la carte.",
            "Terminez en défaussant une carte — sauf si vous venez de poser la dernière.",
        ],
    },
    Section {
        heading: "Après avoir dévoilé",
        paragraphs: &[
            "Dès le tour où vous dévoilez, vous pouvez poser de nouveaux groupes de pareilles et ajouter des cartes à n'importe quelle combinaison de la table, à vous ou non : une suite s'allonge à l'un ou l'autre bout dans sa couleur, un groupe accueille d'autres cartes de son rang. Commencer une nouvelle suite, couper une combinaison ou en déplacer les cartes n'est jamais permis, et avant d'avoir dévoilé on ne touche pas du tout à la table. Une frime garde la valeur qu'on lui a donnée jusqu'à la fin de la donne.",
        ],
    },
    Section {
        heading: "La fin d'une donne",
        paragraphs: &[
            "La donne s'arrête dès qu'un joueur n'a plus de carte, ou quand tous ont dévoilé. Si la pioche s'épuise, on mélange la défausse — sauf sa carte du dessus — pour en refaire une.",
            "Chaque programme dévoilé compte un. Ceux qui ont réussi reçoivent une nouvelle carte programme ; les autres gardent la leur pour la donne suivante. Les cartes restées en main ne coûtent rien. La donne passe au joueur de gauche.",
        ],
    },
    Section {
        heading: "Jouer ici",
        paragraphs: &[
            "Votre carte programme se trouve à côté de votre main ; survolez-la pour la lire en toutes lettres. Cliquez sur la pioche ou la défausse (ou appuyez sur S ou D) pour prendre une carte.",
            "Quand votre main remplit votre programme, la page liste toutes les façons de le poser, chaque frime montrant la carte qu'elle remplace : choisissez-en une (les flèches fonctionnent) et appuyez sur Dévoiler (R).",
            "Sélectionnez des cartes d'un clic, ou avec les flèches et Espace, puis appuyez sur Nouveau groupe (N), sur un bouton Ajouter d'une combinaison (A y mène), ou sur Défausser (X). Quand un coup n'est pas permis, une ligne sous les boutons dit pourquoi.",
        ],
    },
];

fn sections(game: GameId, lang: Lang) -> &'static [Section] {
    match (game, lang) {
        (GameId::Bonanza, Lang::En) => BONANZA_EN,
        (GameId::Bonanza, Lang::Fr) => BONANZA_FR,
        (GameId::Programmes, Lang::En) => PROGRAMMES_EN,
        (GameId::Programmes, Lang::Fr) => PROGRAMMES_FR,
        (_, Lang::En) => EN,
        (_, Lang::Fr) => FR,
    }
}

/// The games the guide covers, with their tab's name and the dialog's title.
const GUIDES: [(GameId, &str, (&str, &str)); 3] = [
    (GameId::NainJaune, "Nain Jaune", ("How to play Nain Jaune", "Comment jouer au Nain Jaune")),
    (GameId::Bonanza, "Bonanza", ("How to play Bonanza", "Comment jouer au Bonanza")),
    (GameId::Programmes, "Programmes", ("How to play Programmes", "Comment jouer aux Programmes")),
];

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
    let lang = state.lang;
    let open = state.rules_open;
    let close_button = NodeRef::<leptos::html::Button>::new();
    let dialog = NodeRef::<leptos::html::Div>::new();
    // The guide shown: the game on the table's when the dialog opens.
    let game = RwSignal::new(GameId::NainJaune);
    // The element that had the focus before the dialog opened gets it back.
    let opener = StoredValue::new_local(None::<web_sys::HtmlElement>);
    Effect::new(move |_| {
        if open.get() {
            let active = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.active_element())
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            opener.set_value(active);
            if let Some(g) = state.session.with_untracked(|s| s.as_ref().map(|s| s.table.game_id())) {
                game.set(g);
            }
            set_timeout(
                move || {
                    if let Some(button) = close_button.try_get_untracked().flatten() {
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
                    data-game=move || game.get().key()
                    node_ref=dialog
                    on:click=|ev| ev.stop_propagation()
                    on:keydown=move |ev| {
                        match ev.key().as_str() {
                            "Escape" => {
                                ev.prevent_default();
                                close();
                            }
                            // Tab goes round the game tabs, the close button and the text, never out.
                            "Tab" => {
                                if let Some(d) = dialog.get_untracked() {
                                    dialog_focus::cycle_tab(&d, &ev);
                                }
                            }
                            _ => {}
                        }
                    }
                >
                    <div class="dialog-head">
                        <h2 id="rules-title">
                            {move || {
                                let g = game.get();
                                GUIDES.iter().find(|(id, _, _)| *id == g).map(|(_, _, title)| lang.get().pick(title.0, title.1)).unwrap_or_default()
                            }}
                        </h2>
                        <button type="button" class="btn" node_ref=close_button on:click=move |_| close()>
                            {tr(T::Close)}
                        </button>
                    </div>
                    <div class="rules-tabs" role="group" aria-label=move || T::ChooseGame.text(lang.get())>
                        {GUIDES
                            .iter()
                            .map(|&(g, name, _)| view! {
                                <button
                                    type="button"
                                    class="btn btn-small rules-tab"
                                    data-testid=format!("rules-{}", g.key())
                                    aria-pressed=move || (game.get() == g).to_string()
                                    on:click=move |_| game.set(g)
                                >
                                    {name}
                                </button>
                            })
                            .collect_view()}
                    </div>
                    <div class="dialog-body rules-body" tabindex="0">
                        <RulesText game=game />
                    </div>
                </div>
            </div>
        </Show>
    }
}
