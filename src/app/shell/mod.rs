//! The page's frame around the games: the top bar, the banners and notices, the dialogs'
//! focus, the crash screen, offline play.

pub mod crash;
pub mod dialog_focus;
pub mod focus_home;
pub mod mount_stages;
pub mod notices;
pub mod offline;
