//! The guided first game of Nain Jaune (issue 32): one short deal (`guided_deal.json`, laid out so
//! that every key rule of RULES.md §2 happens once, `tests/nain_jaune_rules.rs` checks it), played
//! on the real table. Each step says what happens and why, points at the card to play
//! (`data-tutorial-target`) and waits for it; the computers' moves are the deal's own (every one
//! of them is forced), and they wait while the guide explains (its *Next*). Another legal card is
//! allowed by the rules but leaves the script: the guide says so and offers to take it back.

use leptos::prelude::*;

use crate::engine::cards::Card;

use crate::app::i18n::{use_lang, Lang};
use crate::app::{guided_deal, leave_guide, start_guide, AppState, Screen};

/// What a step waits for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wait {
    /// The player's card (the deal's action at this step).
    Card,
    /// The guide's *Next* (the computers wait too).
    Next,
    /// Nothing: the guide is over.
    Done,
}

/// A step: from how many moves of the deal on it shows, what it waits for, its words.
struct Step {
    at: usize,
    wait: Wait,
    en: &'static str,
    fr: &'static str,
}

const STEPS: [Step; 9] = [
    Step {
        at: 0,
        wait: Wait::Card,
        en: "Welcome to Nain Jaune. The five boxes on the board hold everyone's stake: 10♦, J♣, Q♠, K♥ and the Yellow Dwarf, 7♦. Whoever plays one of those cards takes its box. You sit after the dealer, so you lead, with any card you like. Play the 5♣.",
        fr: "Bienvenue au Nain Jaune. Les cinq cases du tableau gardent les mises de tous\u{a0}: 10♦, V♣, D♠, R♥ et le Nain Jaune, 7♦. Qui joue l'une de ces cartes rafle sa case. Vous êtes placé après le donneur, vous entamez donc, avec la carte de votre choix. Jouez le 5♣.",
    },
    Step {
        at: 1,
        wait: Wait::Card,
        en: "Now climb one rank at a time, in any suit, as long as you can. You hold a 6: play the 6♠.",
        fr: "Montez maintenant d'un rang à la fois, dans n'importe quelle couleur, tant que vous le pouvez. Vous avez un 6\u{a0}: jouez le 6♠.",
    },
    Step {
        at: 2,
        wait: Wait::Card,
        en: "Your 7 is the 7♦, the Yellow Dwarf itself: playing it takes everything in its box. Play it.",
        fr: "Votre 7 est le 7♦, le Nain Jaune en personne\u{a0}: le jouer rafle toute sa case. Jouez-le.",
    },
    Step {
        at: 3,
        wait: Wait::Next,
        en: "You took the Yellow Dwarf's 15 chips. You have no 8, so the table calls “7 without 8”: the next player who holds an 8 goes on from there. Watch Ada and Bob.",
        fr: "Vous avez raflé les 15 jetons du Nain Jaune. Vous n'avez pas de 8\u{a0}: on annonce «\u{a0}7 sans 8\u{a0}», et le joueur suivant qui a un 8 continue. Regardez Ada et Bob.",
    },
    Step {
        at: 6,
        wait: Wait::Card,
        en: "Ada went on with the 8 and the 9, then came “9 without 10”: Bob played the 10♦ and took its box. Now it is “10 without J”, and you hold a jack: play the J♠.",
        fr: "Ada a continué avec le 8 et le 9, puis est venu «\u{a0}9 sans 10\u{a0}»\u{a0}: Bob a joué le 10♦ et raflé sa case. On en est à «\u{a0}10 sans valet\u{a0}», et vous avez un valet\u{a0}: jouez le V♠.",
    },
    Step {
        at: 7,
        wait: Wait::Card,
        en: "Keep climbing: play the Q♥.",
        fr: "Continuez de monter\u{a0}: jouez la D♥.",
    },
    Step {
        at: 8,
        wait: Wait::Card,
        en: "Nobody holds a king: they are all in the talon, the cards nobody plays. That is a stop, and as you played last you lead again, with any card. Only the 2♦ is left: play it, and your hand is empty.",
        fr: "Personne n'a de roi\u{a0}: ils sont tous au talon, les cartes que personne ne joue. C'est un arrêt, et comme vous avez joué en dernier, vous entamez de nouveau, avec la carte de votre choix. Il ne vous reste que le 2♦\u{a0}: jouez-le, et votre main est vide.",
    },
    Step {
        at: 9,
        wait: Wait::Next,
        en: "You emptied your hand first: you win the round. Bob still held the Q♠, a board card, so he pays its box as much as it holds. Then Ada and Bob pay you the points left in their hands: a card's value, 10 for a jack, a queen or a king, 1 for an ace.",
        fr: "Vous avez vidé votre main le premier\u{a0}: vous gagnez la donne. Bob avait encore la D♠, une carte du tableau\u{a0}: il paie donc à sa case autant qu'elle contient. Puis Ada et Bob vous paient les points restés dans leur main\u{a0}: la valeur de la carte, 10 pour un valet, une dame ou un roi, 1 pour un as.",
    },
    Step {
        at: 9,
        wait: Wait::Done,
        en: "One last rule: empty your hand before anyone else has played a single card, and that is a Grand Opéra: you sweep all five boxes. A game goes on round after round until someone cannot pay the stake, and the most chips wins. You know the game now. Have fun!",
        fr: "Une dernière règle\u{a0}: videz votre main avant que quiconque ait joué une seule carte, c'est un Grand Opéra, et vous raflez les cinq cases. Une partie continue donne après donne jusqu'à ce qu'un joueur ne puisse plus miser, et le plus riche gagne. Vous connaissez le jeu, maintenant. Bonne partie\u{a0}!",
    },
];

/// The card the deal's script plays at move `at`.
fn scripted_card(script: &[String], at: usize) -> Option<Card> {
    script.get(at)?.strip_prefix("play ")?.parse().ok()
}

/// The card the guide waits for now, if any (for the hand's `data-tutorial-target`).
pub fn target(state: &AppState) -> Option<Card> {
    let guide = state.guide.get()?;
    let step = STEPS.get(guide.step)?;
    let played = state.session.with(|s| s.as_ref().map(|s| s.record.actions.len()))?;
    let script: Vec<String> = guided_deal(guide.game)?.actions.into_iter().map(|a| a.action).collect();
    (step.wait == Wait::Card && played == step.at).then(|| scripted_card(&script, step.at)).flatten()
}

/// The guide's panel, above the table.
#[component]
pub fn GuidePanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = use_lang();
    let script: Vec<String> = state
        .guide
        .with_untracked(|g| g.and_then(|g| guided_deal(g.game)))
        .map(|r| r.actions.into_iter().map(|a| a.action).collect())
        .unwrap_or_default();
    let played = Memo::new(move |_| state.session.with(|s| s.as_ref().map(|s| s.record.actions.iter().map(|a| a.action.clone()).collect::<Vec<_>>())).unwrap_or_default());
    let script_for_check = script.clone();
    // Whether the moves so far are the deal's own.
    let on_script = Memo::new(move |_| played.with(|p| p.len() <= script_for_check.len() && p.iter().zip(&script_for_check).all(|(a, b)| a == b)));
    let step = Memo::new(move |_| state.guide.with(|g| g.map_or(0, |g| g.step)));

    // A card step is passed once its card is played (on the script); the computers wait on a
    // *Next* step until it is read.
    Effect::new(move |_| {
        let (n, ok, i) = (played.with(Vec::len), on_script.get(), step.get());
        let Some(s) = STEPS.get(i) else { return };
        if ok && s.wait == Wait::Card && n > s.at {
            state.guide.update(|g| {
                if let Some(g) = g.as_mut() {
                    g.step += 1;
                }
            });
            return;
        }
        // Set ahead of the move that reaches it, so that no computer slips in first.
        let hold_at = STEPS[i..].iter().find(|s| s.wait == Wait::Next).map(|s| s.at);
        if state.guide.with_untracked(|g| g.is_some_and(|g| g.hold_at != hold_at)) {
            state.guide.update(|g| {
                if let Some(g) = g.as_mut() {
                    g.hold_at = hold_at;
                }
            });
        }
    });
    let next = move |_| {
        state.guide.update(|g| {
            if let Some(g) = g.as_mut() {
                g.step += 1;
            }
        })
    };
    let game = state.guide.with_untracked(|g| g.map(|g| g.game));
    let restart = move |_| {
        if let Some(game) = game {
            start_guide(&state, game);
        }
    };
    let text = move || {
        let l = lang.get();
        if !on_script.get() {
            let card = scripted_card(&script, STEPS.get(step.get()).map_or(0, |s| s.at))
                .map(|c| crate::app::i18n::card_short(l, c))
                .unwrap_or_default();
            return match l {
                Lang::En => format!("The rules allow that card, but this deal is laid out to show them with the {card}. Take it back and play the {card}."),
                Lang::Fr => format!("Les règles permettent cette carte, mais cette donne est préparée pour les montrer avec le {card}. Reprenez-la et jouez le {card}."),
            };
        }
        STEPS.get(step.get()).map(|s| l.pick(s.en, s.fr).to_string()).unwrap_or_default()
    };
    let wait = move || STEPS.get(step.get()).map_or(Wait::Done, |s| s.wait);
    // A step that waits for no card is read here, above the table: it comes into view.
    let panel = NodeRef::<leptos::html::Section>::new();
    Effect::new(move |_| {
        if wait() != Wait::Card {
            if let Some(panel) = panel.get() {
                panel.scroll_into_view();
            }
        }
    });
    view! {
        <section class="guide panel" data-testid="tutorial" node_ref=panel aria-labelledby="guide-title" data-step=move || step.get().to_string()
            data-off-script=move || (!on_script.get()).to_string()>
            <div class="guide-head">
                <h2 id="guide-title" class="guide-title">{move || lang.get().pick("Your first game, guided", "Votre première partie, guidée")}</h2>
                <span class="guide-count">{move || format!("{} / {}", (step.get() + 1).min(STEPS.len()), STEPS.len())}</span>
            </div>
            <p class="guide-text" role="status" aria-live="polite" data-testid="tutorial-text">{text}</p>
            <div class="guide-actions">
                {move || (!on_script.get()).then(|| view! {
                    <button type="button" class="btn btn-primary" data-testid="tutorial-undo" on:click=move |_| state.undo()>
                        {move || lang.get().pick("Take it back", "Reprendre le coup")}
                    </button>
                })}
                {move || (on_script.get() && wait() == Wait::Next).then(|| view! {
                    <button type="button" class="btn btn-primary" data-testid="tutorial-next" on:click=next>
                        {move || lang.get().pick("Next", "Suivant")}
                    </button>
                })}
                {move || (wait() == Wait::Done).then(|| view! {
                    <button type="button" class="btn btn-primary" data-testid="tutorial-done"
                        on:click=move |_| {
                            leave_guide(&state);
                            state.screen.set(Screen::NewGame);
                        }>
                        {move || lang.get().pick("Play a real game", "Jouer une vraie partie")}
                    </button>
                })}
                <button type="button" class="btn" data-testid="tutorial-restart" on:click=restart>
                    {move || lang.get().pick("Start again", "Recommencer")}
                </button>
                <button type="button" class="btn" data-testid="tutorial-leave" on:click=move |_| leave_guide(&state)>
                    {move || lang.get().pick("Leave the guide", "Quitter le guide")}
                </button>
            </div>
        </section>
    }
}
