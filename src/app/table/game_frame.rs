//! The frame of a game's table, the same for the three games: the `section` whose `data-*`
//! attributes the tests and the styles read (game, session, deal, phase, player to move, the
//! moment the stage holds), the
//! guide's place, the status line, the table itself, the side column and the round's summary over
//! all. Each game fills it with its own status, table and side panels.

use leptos::attr::Attribute;
use leptos::prelude::*;

use crate::engine::game::{GameId, Seat};

/// A game's table. Generic, not boxed: a game's table erased to `AnyView`, or attributes added
/// with `attr:`, would cost each game's chunk kilobytes of code.
#[component]
pub fn GameFrame<A, N, P, M, H, L, S, D, V, C>(
    game: GameId,
    /// The section's classes: `game` and the game's own.
    class: &'static str,
    /// The side column's classes: `game-side` and the game's own.
    #[prop(default = "game-side")]
    side_class: &'static str,
    /// The game's own `data-…` attributes (`()` for none).
    extra: A,
    /// The session's id (`data-session`: a new game is a new table).
    session: u64,
    /// The deal's number.
    deal: N,
    /// The phase's name in the record's words.
    phase: P,
    to_move: M,
    /// The event the stage holds now, if any (`data-holding`: its index in the game's log).
    holding: H,
    /// The game's name, for the section's accessible name.
    label: L,
    /// The line above the table: the round and the game's own figures.
    status: S,
    /// The column beside the table: the game's panels and its move log.
    side: D,
    /// The summary of a round just over, shown over the table until it is closed.
    summary: V,
    /// The table, the play dock and the game-over panel.
    children: TypedChildren<C>,
) -> impl IntoView
where
    A: Attribute,
    N: Fn() -> u32 + Send + Sync + 'static,
    P: Fn() -> &'static str + Send + Sync + 'static,
    M: Fn() -> Option<Seat> + Send + Sync + 'static,
    H: Fn() -> Option<usize> + Send + Sync + 'static,
    L: Fn() -> &'static str + Send + Sync + 'static,
    S: IntoView + 'static,
    D: IntoView + 'static,
    V: IntoView + 'static,
    C: IntoView + 'static,
{
    view! {
        <section
            {..extra}
            class=class
            data-testid="game"
            data-game=game.key()
            data-session=session.to_string()
            data-deal-number=move || deal().to_string()
            data-phase=phase
            data-to-move=move || to_move().map(|s| s.to_string()).unwrap_or_default()
            data-holding=move || holding().map(|e| e.to_string()).unwrap_or_default()
            aria-label=label
        >
            <div class="game-main">
                <crate::app::features::guide::GuideSlot />
                <div class="game-status">{status}</div>
                {children.into_inner()()}
            </div>
            <aside class=side_class>{side}</aside>
            {summary}
        </section>
    }
}
