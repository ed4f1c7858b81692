//! The table shared by the three games: the stage (what is shown when), the frame, the
//! hand, the plates, the move log, flights, hints, and the computers' turns and their worker.

pub mod ai_client;
pub mod card_svg;
pub mod chips;
pub mod computer_turns;
pub mod flights;
pub mod game_frame;
pub mod hand;
pub mod hint;
pub mod move_log;
pub mod results;
pub mod seats;
pub mod stage;
