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
            "Empty your hand before the others do, and collect the chips waiting in the five boxes on the way. When the game stops, whoever owns the most chips has won.",
        ],
    },
    Section {
        heading: "The board",
        paragraphs: &[
            "Four boxes sit at the corners of the board — 10♦, J♣, Q♠ and K♥ — around a fifth in the middle for the Yellow Dwarf, which is the 7♦.",
            "At the start of every round you all pay in: one chip for the 10♦, two for the J♣, three for the Q♠, four for the K♥ and five for the Yellow Dwarf, fifteen in all (times the multiplier, if you chose a bigger stake). A box nobody empties carries its chips over to the next round.",
        ],
    },
    Section {
        heading: "The deal",
        paragraphs: &[
            "Three players get 15 cards each, four get 12, five 9, six 8, seven 7 and eight 6; a game for two (a house option) gives 22 each. The few cards over make the talon: it stays face down the whole round and only ever gets in the way.",
            "Turns go clockwise, or the other way round if you picked the French anticlockwise order, and the deal moves on in the same direction.",
        ],
    },
    Section {
        heading: "Playing a round",
        paragraphs: &[
            "The player next to the dealer opens with any card, then keeps going one rank up at a time, whatever the suit: 4, 5, 6… Aces are the lowest cards, kings the highest.",
            "When he lacks the next rank, the table says so — “8 without 9” — and the turn moves on to the first player, in playing order, who has a 9. He must lay one (with several, he decides which) and carries on climbing himself.",
            "A climb ends on a king, or when nobody has the next rank (those cards are in the talon or already played). Whoever laid the last card then starts a new climb with any card he likes.",
        ],
    },
    Section {
        heading: "Board cards",
        paragraphs: &[
            "Lay the 10♦, J♣, Q♠, K♥ or 7♦ and the chips in its box are yours on the spot.",
        ],
    },
    Section {
        heading: "End of the round",
        paragraphs: &[
            "The moment someone lays his last card, the round is over. The others settle one by one, starting with the player after the winner:",
            "first the fines: a board card caught in a loser's hand makes him put into its box as many chips as it already holds, so the box doubles;",
            "then each loser pays the winner for the cards he kept: an ace 1, a number card its number, a jack, queen or king 10 (or, with the per-card option, one chip a card). Whoever cannot pay in full hands over what he has.",
            "Grand Opéra: if the winner gets rid of his whole hand while not one card has come from anybody else (his own fresh starts after a king or a gap do not spoil it), he also empties all five boxes, after the fines and before the points.",
        ],
    },
    Section {
        heading: "End of the game",
        paragraphs: &[
            "Everyone must be able to pay the whole stake before each round: as soon as someone cannot, the game stops (or it stops after the number of rounds you set). The biggest pile of chips wins.",
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
            "Videz votre main avant les autres et ramassez au passage les jetons qui attendent dans les cinq cases. Quand la partie s'arrête, celui qui a le plus de jetons a gagné.",
        ],
    },
    Section {
        heading: "Le tableau",
        paragraphs: &[
            "Quatre cases occupent les coins du tableau — 10♦, valet de trèfle, dame de pique et roi de cœur — autour d'une cinquième au milieu, celle du Nain Jaune, qui est le 7♦.",
            "Au début de chaque donne, tout le monde paie son dû : un jeton pour le 10♦, deux pour le valet, trois pour la dame, quatre pour le roi et cinq pour le Nain Jaune, soit quinze en tout (multipliés si vous avez choisi une mise plus forte). Une case que personne ne vide garde ses jetons pour la donne suivante.",
        ],
    },
    Section {
        heading: "La distribution",
        paragraphs: &[
            "À trois joueurs, chacun reçoit 15 cartes ; à quatre, 12 ; à cinq, 9 ; à six, 8 ; à sept, 7 ; à huit, 6 ; à deux (en variante), 22. Les quelques cartes de reste forment le talon : il demeure face cachée toute la donne et ne sert qu'à bloquer le jeu.",
            "On tourne dans le sens des aiguilles d'une montre, ou dans l'autre sens si vous avez choisi l'ordre à la française, et la donne passe au joueur suivant dans le même sens.",
        ],
    },
    Section {
        heading: "Le déroulement d'une donne",
        paragraphs: &[
            "Le voisin du donneur ouvre avec la carte qu'il veut, puis continue en montant d'un rang à chaque fois, quelle que soit la couleur : 4, 5, 6… L'as est la plus petite carte, le roi la plus forte.",
            "Quand il lui manque le rang suivant, on l'annonce — « 8 sans 9 » — et la main passe au premier joueur, dans l'ordre du jeu, qui possède un 9. Il doit en poser un (s'il en a plusieurs, il choisit lequel) et poursuit lui-même la montée.",
            "Une montée s'arrête sur un roi, ou quand personne n'a le rang suivant (ces cartes sont au talon ou déjà jouées). Celui qui a posé la dernière carte en lance alors une nouvelle avec la carte de son choix.",
        ],
    },
    Section {
        heading: "Les cartes du tableau",
        paragraphs: &[
            "Posez le 10♦, le valet de trèfle, la dame de pique, le roi de cœur ou le 7♦ : les jetons de sa case sont à vous, sur-le-champ.",
        ],
    },
    Section {
        heading: "La fin d'une donne",
        paragraphs: &[
            "Dès qu'un joueur pose sa dernière carte, la donne est finie. Les autres règlent chacun à leur tour, en commençant par le voisin du gagnant :",
            "d'abord les amendes : une carte du tableau restée dans la main d'un perdant l'oblige à verser dans sa case autant de jetons qu'elle en contient déjà, si bien que la case double ;",
            "ensuite chaque perdant paie au gagnant les cartes qu'il a gardées : 1 pour un as, la valeur inscrite pour une carte de 2 à 10, 10 pour un valet, une dame ou un roi (ou, en variante, un jeton par carte). Qui ne peut pas tout payer donne ce qu'il a.",
            "Grand Opéra : si le gagnant se débarrasse de toute sa main avant qu'un autre joueur ait posé la moindre carte (ses propres relances après un roi ou un blocage ne gâchent rien), il vide en plus les cinq cases, après les amendes et avant les points.",
        ],
    },
    Section {
        heading: "La fin de la partie",
        paragraphs: &[
            "Chacun doit pouvoir payer la mise entière avant chaque donne : dès qu'un joueur ne le peut plus, la partie s'arrête (ou bien après le nombre de donnes fixé). Le plus gros tas de jetons l'emporte.",
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
            "As a deal begins you drop a chip on every space: ten chips, or nine if the table plays without the Poker space. Whatever nobody wins stays where it is, so the hard spaces swell from one deal to the next.",
        ],
    },
    Section {
        heading: "The deal and the widow",
        paragraphs: &[
            "The 52 cards and the joker all go out, one at a time, to the players and to one extra hand, the widow, which is served as though it sat just to the dealer's left.",
            "The dealer may not look at the widow. He either trades his own hand for it, or holds on to what he was dealt and auctions the widow. The others then speak in turn, starting on his left: every offer must top the one before by a chip or more, nobody may offer more chips than he owns, and whoever passes has left the auction for good. The top bidder pays the dealer (or, with the house rule, the Bonanza pot) and exchanges his hand for the widow.",
            "Whichever way it goes, exactly one hand ends up face down as the dead hand until the deal is over: the hand given up, or the widow itself if nobody bid.",
        ],
    },
    Section {
        heading: "The dealer's calls",
        paragraphs: &[
            "The dealer calls, one after the other, Joker, Queen-Jack, Sequence, Ten-Two and Poker. For each call everyone answers in turn from the dealer's left, the dealer himself last. You never have to show: showing can win a space but tells the table what you hold, while keeping quiet tells it nothing.",
            "Joker: show it to take the space, or hide it and use it as a wild card at a later call. A joker that has been shown, at whichever call, is gone for the rest of the deal.",
            "Queen-Jack and Ten-Two: the space goes to a player who shows both of its cards, or one of them together with the joker. Apart from a joker, the cards shown return to the hand.",
            "Sequence: three cards of one suit in a row, the ace at either end (A-2-3 or Q-K-A, never K-A-2), the joker allowed to fill a gap. Anyone may show one. The highest top card takes the space (the 3 tops A-2-3, the ace tops Q-K-A); with the same top card a run without the joker beats one with it, and after that ♠ beats ♥, ♥ beats ♦, ♦ beats ♣.",
            "Poker: if you hold five cards or more, you take part with the best five, without drawing, the joker standing for any card. There is one round of betting, opened by the dealer (or, if he is not taking part, the first player on his left who is): check or bet while nobody has bet, then call, raise or fold. A bet or a raise is from one chip up to the limit chosen for the game (5 unless changed), the raises after the bet are counted (3 at most unless changed), and nobody's total may go past the smallest stack among the players taking part as the betting starts.",
            "If all the others fold, the last player takes the space without showing anything. Otherwise the best hand still in wins the space and the bets, and only its five cards are shown; equal hands share it and odd chips stay on the space. When only one player has five cards he takes the space without any betting; when nobody has, the space waits for the next deal.",
            "A joker nobody showed is put away after the Poker call and plays no part in the race. (With the house rule it stays in its holder's hand instead: it can never be played, and it is one more card to pay for when someone calls Bonanza.)",
        ],
    },
    Section {
        heading: "The race",
        paragraphs: &[
            "In the race aces are high. The dealer opens with the lowest card of whichever suit he likes. The holder of the next card up in that suit must lay it straight away, then the holder of the one after, and so on — the same player may lay several in a row.",
            "The run stops at the ace, or where the next card cannot come because it lies in the dead hand or has already been played. Whoever laid the stopping card then switches colour: he picks a suit of the opposite colour and leads its lowest card from his hand. Lacking such a suit, he hands the lead leftwards to the nearest player who can do it; when nobody can, the stopper may pick any suit he holds and lead the bottom card of it.",
            "The A♠, K♥, Q♦ and J♣ each win their space the moment they are laid.",
            "Lay your last card before anyone else and you call Bonanza: the centre pot is yours, and each of the others hands you a chip for every card still in his hand, in turn from your left. That ends the deal, and the dead hand is turned up.",
        ],
    },
    Section {
        heading: "End of the game",
        paragraphs: &[
            "The deal passes to the left, for the number of deals chosen (twice the number of players unless you change it). A player who cannot put a chip on every space when a deal begins is out for good: he is dealt no more cards and never deals again. With fewer than two players left, the game stops there.",
            "At the end, the chips still on the wheel are split into equal shares for the players left in the game (a remainder that does not divide stays on the wheel), or, with the house rule, all go to the chip leader. The richest player wins.",
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
            "Au début de la donne, vous déposez un jeton sur chacune des cases : dix jetons, ou neuf si la table joue sans la case Poker. Ce que personne ne gagne reste en place, et les cases difficiles enflent d'une donne à l'autre.",
        ],
    },
    Section {
        heading: "La donne et la veuve",
        paragraphs: &[
            "Les 52 cartes et le joker partent toutes, une à une, vers les joueurs et vers une main de plus, la veuve, servie comme si elle occupait la place juste à gauche du donneur.",
            "Le donneur n'a pas le droit de regarder la veuve. Ou bien il la prend en échange de sa propre main, ou bien il garde sa main et met la veuve en vente. Les autres parlent alors chacun à leur tour, en partant de sa gauche : chaque offre doit dépasser la précédente d'un jeton au moins, nul ne peut offrir plus de jetons qu'il n'en possède, et qui passe a quitté les enchères pour de bon. Le plus offrant paie le donneur (ou, en variante, le pot du Bonanza) et échange sa main contre la veuve.",
            "Dans tous les cas, une main et une seule finit face cachée : c'est la main morte, jusqu'à la fin de la donne. Il s'agit de la main abandonnée, ou de la veuve elle-même si personne n'a enchéri.",
        ],
    },
    Section {
        heading: "Les annonces du donneur",
        paragraphs: &[
            "Le donneur annonce l'une après l'autre Joker, Dame-Valet, Séquence, Dix-Deux et Poker. À chaque annonce, tout le monde répond à son tour depuis la gauche du donneur, le donneur parlant le dernier. Rien n'oblige à montrer : montrer peut gagner une case mais apprend à la table ce que vous tenez, alors que se taire ne lui apprend rien.",
            "Joker : montrez-le pour prendre la case, ou cachez-le pour vous en servir de frime à une annonce suivante. Un joker montré, à quelque annonce que ce soit, disparaît pour le reste de la donne.",
            "Dame-Valet et Dix-Deux : la case revient au joueur qui en montre les deux cartes, ou l'une d'elles accompagnée du joker. Hormis le joker, les cartes montrées retournent dans la main.",
            "Séquence : trois cartes d'une même couleur à la file, l'as à l'un ou l'autre bout (A-2-3 ou D-R-A, jamais R-A-2), le joker pouvant boucher un trou. Chacun peut en montrer une. La carte du haut la plus forte prend la case (le 3 est en haut de A-2-3, l'as en haut de D-R-A) ; à carte du haut égale, une séquence sans joker bat celle qui en a un, puis ♠ bat ♥, ♥ bat ♦, ♦ bat ♣.",
            "Poker : si vous avez au moins cinq cartes, vous jouez avec les cinq meilleures, sans en changer, le joker valant n'importe quelle carte. Il y a un seul tour d'enchères, ouvert par le donneur (ou, s'il ne joue pas ce coup-là, par le premier joueur à sa gauche qui le joue) : parole ou mise tant que personne n'a misé, ensuite suivre, relancer ou se coucher. Une mise ou une relance va d'un jeton jusqu'à la limite choisie pour la partie (5 sauf réglage), les relances après la mise sont comptées (3 au plus sauf réglage), et personne ne peut engager en tout plus que le plus petit tas parmi les joueurs engagés au début des enchères.",
            "Si tous les autres se couchent, le dernier prend la case sans rien montrer. Sinon la meilleure main encore en jeu gagne la case et les mises, et seules ses cinq cartes sont montrées ; des mains égales se la partagent et les jetons impairs restent sur la case. Quand un seul joueur a cinq cartes, il prend la case sans enchères ; quand personne n'en a, la case attend la donne suivante.",
            "Un joker que personne n'a montré est écarté après l'annonce Poker et ne joue aucun rôle dans la course. (En variante, il reste dans la main de son détenteur : impossible à poser, il compte comme une carte de plus à payer quand quelqu'un crie Bonanza.)",
        ],
    },
    Section {
        heading: "La course",
        paragraphs: &[
            "Dans la course, l'as est la plus forte carte. Le donneur ouvre avec la plus petite carte qu'il a dans la couleur de son choix. Celui qui détient la carte juste au-dessus dans cette couleur doit la poser sans attendre, puis le détenteur de la suivante, et ainsi de suite — un même joueur peut en poser plusieurs d'affilée.",
            "La montée s'arrête sur l'as, ou là où la carte suivante ne peut pas venir parce qu'elle est dans la main morte ou déjà jouée. Celui qui a posé la carte d'arrêt change alors de teinte : il ouvre avec sa plus petite carte d'une couleur de l'autre teinte. S'il n'en a pas, c'est le premier joueur à sa gauche qui en possède une qui ouvre ; si personne n'en a, le joueur de l'arrêt ouvre avec sa plus petite carte de n'importe quelle couleur.",
            "L'as de pique, le roi de cœur, la dame de carreau et le valet de trèfle gagnent chacun leur case à l'instant où ils sont posés.",
            "Posez votre dernière carte avant tout le monde et vous criez Bonanza : le pot du centre est à vous, et chacun des autres vous remet un jeton pour chaque carte qui lui reste en main, à tour de rôle depuis votre gauche. La donne s'achève là, et la main morte est retournée.",
        ],
    },
    Section {
        heading: "La fin de la partie",
        paragraphs: &[
            "La donne passe à gauche, pendant le nombre de donnes choisi (deux fois le nombre de joueurs sauf réglage contraire). Un joueur incapable de mettre un jeton sur chaque case au début d'une donne est éliminé pour de bon : il ne reçoit plus de cartes et ne donne plus. S'il reste moins de deux joueurs, la partie s'arrête là.",
            "À la fin, les jetons encore sur la roue sont partagés à parts égales entre les joueurs toujours en jeu (le reste qui ne se partage pas demeure sur la roue), ou, en variante, vont tous au plus riche. Le plus riche l'emporte.",
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
            "Everyone holds a secret program card: a list of combinations to put down all at once. Each program you complete scores a point; the first player to complete five (or the number chosen for the game) wins on the spot, even in the middle of a round.",
        ],
    },
    Section {
        heading: "The cards",
        paragraphs: &[
            "Two decks and four jokers, 108 cards in all. The jokers and the twos are wild: each can take the place of any card, and a two is always a wild card, never a plain two.",
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
        heading: "Setting up",
        paragraphs: &[
            "To choose the first dealer, cards are turned face up, one per player in turn, until a spade appears: its receiver deals. Everyone gets a program card, kept secret, and then 13 cards. What is left becomes the stock, and its top card is turned over to begin the discard pile.",
            "The player on the dealer's left plays first, and turns go clockwise.",
        ],
    },
    Section {
        heading: "Your turn",
        paragraphs: &[
            "Begin by picking up one card: the top of the stock, or the top of the discard pile. When you hold a single card you must take from the stock. A card you picked up from the discard pile may not be thrown back in the same turn.",
            "If your hand now holds everything your program asks for, you may reveal it: lay all its combinations on the table together, exactly as the card says.",
            "To end your turn, throw one card on the discard pile; if your last card has just gone to the table, you are out and throw nothing.",
        ],
    },
    Section {
        heading: "Once revealed",
        paragraphs: &[
            "From the turn you reveal onwards you may lay down new sets of one rank and add cards to any meld on the table, yours or not: a run grows at either end in its suit, a set takes more of its rank. Starting a new run, splitting a meld or moving its cards is never allowed, and before revealing you may not touch the table at all.",
            "Once a wild is on the table, the card it was given to stand for is fixed until the round is over. The program's demands (values, suits, no wilds) only apply to what you lay down when you reveal; afterwards your melds are ordinary ones, unless the game was set up with strict constraints, which keep them binding.",
        ],
    },
    Section {
        heading: "End of a round",
        paragraphs: &[
            "A round stops when somebody has no cards left, or when all the players have revealed. Should the stock run out, every card of the discard pile but the top one is shuffled to make a fresh stock.",
            "Each program revealed scores a point. Whoever completed his program draws a new one; the others play the next round with the same card. Cards still in hand score nothing. All the cards are dealt again, by the next player on the left.",
            "With the exchange option, a player whose program has failed for the chosen number of rounds in a row may swap it for a new one, on his first turn of a round before he draws.",
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
            "Chacun tient une carte programme secrète : une liste de combinaisons à poser d'un seul coup. Chaque programme réussi rapporte un point ; le premier à en réussir cinq (ou le nombre choisi pour la partie) gagne sur-le-champ, même au milieu d'une donne.",
        ],
    },
    Section {
        heading: "Les cartes",
        paragraphs: &[
            "Deux jeux et quatre jokers, soit 108 cartes. Les jokers et les deux sont des frimes : chacun peut remplacer n'importe quelle carte, et un deux est toujours une frime, jamais un simple deux.",
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
        heading: "La mise en place",
        paragraphs: &[
            "Pour désigner le premier donneur, on retourne les cartes une à une, à chaque joueur à son tour, jusqu'à l'apparition d'un pique : celui qui le reçoit donne. Chacun reçoit une carte programme, qu'il garde secrète, puis 13 cartes. Le reste forme la pioche, dont on retourne la première carte pour commencer la défausse.",
            "Le joueur à gauche du donneur joue le premier, et l'on tourne dans le sens des aiguilles d'une montre.",
        ],
    },
    Section {
        heading: "Votre tour",
        paragraphs: &[
            "Commencez par prendre une carte : celle du dessus de la pioche, ou celle du dessus de la défausse. Quand il ne vous reste qu'une carte en main, vous devez piocher. Une carte ramassée dans la défausse ne peut pas y être rejetée au même tour.",
            "Si votre main contient alors tout ce que demande votre programme, vous pouvez le dévoiler : posez toutes ses combinaisons ensemble, exactement comme l'indique la carte.",
            "Pour finir votre tour, jetez une carte sur la défausse ; si votre dernière carte vient de partir sur la table, vous êtes sorti et ne jetez rien.",
        ],
    },
    Section {
        heading: "Après avoir dévoilé",
        paragraphs: &[
            "Dès le tour où vous dévoilez, vous pouvez poser de nouveaux groupes de pareilles et ajouter des cartes à n'importe quelle combinaison de la table, à vous ou non : une suite s'allonge à l'un ou l'autre bout dans sa couleur, un groupe accueille d'autres cartes de son rang. Commencer une nouvelle suite, couper une combinaison ou en déplacer les cartes n'est jamais permis, et avant d'avoir dévoilé on ne touche pas du tout à la table.",
            "Une fois sur la table, une frime reste la carte qu'on lui a fait représenter jusqu'à la fin de la donne. Les exigences du programme (valeurs, couleurs, frimes interdites) ne portent que sur ce que vous posez en dévoilant ; ensuite vos combinaisons sont des combinaisons ordinaires, sauf si la partie a été réglée avec les contraintes strictes, qui les maintiennent.",
        ],
    },
    Section {
        heading: "La fin d'une donne",
        paragraphs: &[
            "Une donne s'arrête quand quelqu'un n'a plus de cartes, ou quand tous les joueurs ont dévoilé. Si la pioche vient à manquer, on mélange toute la défausse sauf sa carte du dessus pour en refaire une.",
            "Chaque programme dévoilé rapporte un point. Qui a réussi tire un nouveau programme ; les autres jouent la donne suivante avec la même carte. Les cartes restées en main ne rapportent rien. On redistribue toutes les cartes, et c'est le joueur de gauche qui donne.",
            "Avec la variante d'échange, un joueur dont le programme a échoué le nombre de donnes choisi d'affilée peut l'échanger contre un nouveau, à son premier tour d'une donne, avant de piocher.",
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
