//! A player on a thread of its own: the one way a host that must not block
//! (a user interface, an async runtime) runs a [`Player`], whose methods
//! block for as long as the engine thinks.
//!
//! [`PlayerThread`] owns the player on a dedicated thread and takes requests
//! through a channel, one at a time and in order: a move
//! ([`PlayerThread::choose`], with `new_game` first and pondering after, as
//! the request says), a new game, the end of pondering, closing. Each answer
//! comes back as a [`Reply`], which an async host awaits (it is a `Future`,
//! and needs no particular runtime), a thread waits for
//! ([`Reply::wait`]), and a polling loop checks ([`Reply::try_take`]).
//!
//! A player that panics is dropped (its engine process with it) and the
//! request is answered [`PlayerError::Lost`]; the next request builds a new
//! player when the thread was given a way to ([`PlayerThread::spawn_with`]).
//! The player is dropped on its thread when the last handle goes, so ending
//! an engine process never blocks the host.

use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::pin::Pin;
use std::sync::mpsc;
use std::task::{Context, Poll};
use std::time::Duration;

use amazons_core::{Move, Position};
use tokio::sync::oneshot;

use crate::player::{GameSoFar, Player, PlayerError, ThinkBudget};

/// A move to choose: the game so far, the budget, and what comes around the
/// choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRequest {
    /// Where the game started.
    pub start: Position,
    /// The moves since (legal from `start`; else the reply is an error).
    pub moves: Vec<Move>,
    /// How long it may think.
    pub budget: ThinkBudget,
    /// Whether a new game starts with this move: the player hears
    /// [`Player::new_game`] first.
    pub new_game: bool,
    /// Think on the opponent's time after the move, for at most this long
    /// ([`Player::choose_then_ponder`]).
    pub ponder: Option<Duration>,
}

/// What the thread is asked to do.
enum Request {
    /// [`Player::new_game`].
    NewGame(oneshot::Sender<Result<(), PlayerError>>),
    /// A move.
    Choose(MoveRequest, oneshot::Sender<Result<Move, PlayerError>>),
    /// [`Player::stop_pondering`].
    StopPondering,
    /// Drop the player and end the thread.
    Close(oneshot::Sender<Result<(), PlayerError>>),
}

/// A player on a dedicated thread; see the module documentation. Clones
/// are handles to the same player (their requests queue together); the
/// thread ends, dropping the player, when the last handle is dropped or
/// [`PlayerThread::close`] is called.
#[derive(Clone, Debug)]
pub struct PlayerThread {
    /// The requests, served in order by the thread.
    requests: mpsc::Sender<Request>,
}

/// How a player is made, on its thread: at the first request, and again
/// after it was lost.
type Build = Box<dyn FnMut() -> Result<Box<dyn Player>, PlayerError> + Send>;

impl PlayerThread {
    /// `player` on a new thread. After a panic it is gone: every later
    /// request is answered [`PlayerError::Lost`].
    pub fn spawn(player: Box<dyn Player>) -> std::io::Result<PlayerThread> {
        let mut player = Some(player);
        PlayerThread::spawn_with(
            "player".to_owned(),
            || {},
            move || {
                player
                    .take()
                    .ok_or_else(|| PlayerError::Lost("it panicked earlier".to_owned()))
            },
        )
    }

    /// A player made by `build` on a new thread named `name`, at its first
    /// request (an error answers that request, and the next one tries
    /// again), and made again after a panic. `prepare` runs first on the
    /// thread: what the player and the processes it starts should inherit
    /// (the server lowers the thread's priority there).
    pub fn spawn_with(
        name: String,
        prepare: impl FnOnce() + Send + 'static,
        build: impl FnMut() -> Result<Box<dyn Player>, PlayerError> + Send + 'static,
    ) -> std::io::Result<PlayerThread> {
        let (requests, inbox) = mpsc::channel();
        let build: Build = Box::new(build);
        std::thread::Builder::new().name(name).spawn(move || {
            prepare();
            serve(&inbox, build);
        })?;
        Ok(PlayerThread { requests })
    }

    /// Sends `request` made with a fresh reply channel.
    fn ask<T>(
        &self,
        request: impl FnOnce(oneshot::Sender<Result<T, PlayerError>>) -> Request,
    ) -> Reply<T> {
        let (reply, answer) = oneshot::channel();
        // A thread that has ended drops the request, and with it the reply
        // channel: the reply then says the player is lost.
        let _ = self.requests.send(request(reply));
        Reply { answer }
    }

    /// Tells the player a new game starts ([`Player::new_game`]).
    pub fn new_game(&self) -> Reply<()> {
        self.ask(Request::NewGame)
    }

    /// Chooses a move as `request` says: `new_game` first if asked, then
    /// [`Player::choose_then_ponder`].
    pub fn choose(&self, request: MoveRequest) -> Reply<Move> {
        self.ask(|reply| Request::Choose(request, reply))
    }

    /// Ends the player's thinking on the opponent's time, after the requests
    /// sent before ([`Player::stop_pondering`]); returns at once.
    pub fn stop_pondering(&self) {
        let _ = self.requests.send(Request::StopPondering);
    }

    /// Ends the thread after the requests sent before: the reply comes once
    /// the player is dropped (its engine process ended). Other handles'
    /// later requests are answered [`PlayerError::Lost`].
    pub fn close(self) -> Reply<()> {
        self.ask(Request::Close)
    }
}

/// The thread: serves requests until every handle is gone or it is closed,
/// then drops the player.
fn serve(inbox: &mpsc::Receiver<Request>, mut build: Build) {
    let mut player: Option<Box<dyn Player>> = None;
    for request in inbox {
        match request {
            Request::NewGame(reply) => {
                let answer = with_player(&mut player, &mut build, |p| p.new_game());
                let _ = reply.send(answer);
            }
            Request::Choose(request, reply) => {
                let answer = with_player(&mut player, &mut build, |p| choose(p, &request));
                let _ = reply.send(answer);
            }
            Request::StopPondering => {
                if player.is_some() {
                    let _ = with_player(&mut player, &mut build, |p| {
                        p.stop_pondering();
                        Ok(())
                    });
                }
            }
            Request::Close(reply) => {
                drop_quietly(player.take());
                let _ = reply.send(Ok(()));
                return;
            }
        }
    }
    drop_quietly(player.take());
}

/// One move request to the player.
fn choose(player: &mut dyn Player, request: &MoveRequest) -> Result<Move, PlayerError> {
    if request.new_game {
        player.new_game()?;
    }
    let game = GameSoFar::new(request.start, &request.moves)?;
    player.choose_then_ponder(game, request.budget, request.ponder)
}

/// Runs `work` on the player, built first if there is none. A panic drops
/// the player and answers [`PlayerError::Lost`].
fn with_player<T>(
    slot: &mut Option<Box<dyn Player>>,
    build: &mut Build,
    work: impl FnOnce(&mut dyn Player) -> Result<T, PlayerError>,
) -> Result<T, PlayerError> {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let player = match slot {
            Some(player) => player,
            None => slot.insert(build()?),
        };
        work(player.as_mut())
    }));
    outcome.unwrap_or_else(|panic| {
        // Whatever the player was doing is half done: it goes, and the next
        // request builds another.
        drop_quietly(slot.take());
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_owned());
        Err(PlayerError::Lost(format!("it panicked: {what}")))
    })
}

/// Drops a player, surviving a panic in its `Drop` (the thread serves on).
fn drop_quietly(player: Option<Box<dyn Player>>) {
    let _ = catch_unwind(AssertUnwindSafe(move || drop(player)));
}

/// The answer to one request to a [`PlayerThread`]: awaited (it is a
/// `Future`), waited for, or checked. A thread that ended without answering
/// answers [`PlayerError::Lost`].
#[must_use = "a reply is the only way to learn the answer"]
#[derive(Debug)]
pub struct Reply<T> {
    /// Where the thread sends the answer.
    answer: oneshot::Receiver<Result<T, PlayerError>>,
}

/// The answer of a thread that ended without one.
fn thread_ended() -> PlayerError {
    PlayerError::Lost("its thread has ended".to_owned())
}

impl<T> Reply<T> {
    /// Blocks the calling thread until the answer comes. Not for a thread of
    /// an async runtime (it panics there): await the reply instead.
    pub fn wait(self) -> Result<T, PlayerError> {
        self.answer
            .blocking_recv()
            .unwrap_or_else(|_| Err(thread_ended()))
    }

    /// The answer if it has come (once: afterwards the reply says the
    /// thread has ended), for a loop that polls between other work.
    pub fn try_take(&mut self) -> Option<Result<T, PlayerError>> {
        match self.answer.try_recv() {
            Ok(answer) => Some(answer),
            Err(oneshot::error::TryRecvError::Empty) => None,
            Err(oneshot::error::TryRecvError::Closed) => Some(Err(thread_ended())),
        }
    }
}

impl<T> Future for Reply<T> {
    type Output = Result<T, PlayerError>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        Pin::new(&mut self.get_mut().answer)
            .poll(cx)
            .map(|answer| answer.unwrap_or_else(|_| Err(thread_ended())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};

    /// A player that writes down what it is asked, plays the first legal
    /// move, and panics on its `panics`-th choice.
    struct Scripted {
        log: Arc<Mutex<Vec<String>>>,
        chosen: usize,
        panics: Option<usize>,
    }

    impl Scripted {
        fn note(&self, what: impl Into<String>) {
            self.log.lock().unwrap().push(what.into());
        }
    }

    impl Player for Scripted {
        fn name(&self) -> String {
            "scripted".into()
        }
        fn new_game(&mut self) -> Result<(), PlayerError> {
            self.note("new_game");
            Ok(())
        }
        fn choose(
            &mut self,
            game: GameSoFar<'_>,
            budget: ThinkBudget,
        ) -> Result<Move, PlayerError> {
            self.chosen += 1;
            if self.panics == Some(self.chosen) {
                panic!("scripted bug");
            }
            self.note(format!(
                "choose at ply {} for {:?}",
                game.position.ply(),
                budget.movetime
            ));
            Ok(game.position.legal_moves()[0])
        }
        fn ponder(&mut self, game: GameSoFar<'_>, _limit: Duration) -> bool {
            self.note(format!("ponder at ply {}", game.position.ply()));
            true
        }
        fn stop_pondering(&mut self) {
            self.note("stop_pondering");
        }
    }

    impl Drop for Scripted {
        fn drop(&mut self) {
            self.note("dropped");
        }
    }

    fn scripted(log: &Arc<Mutex<Vec<String>>>, panics: Option<usize>) -> Box<dyn Player> {
        Box::new(Scripted {
            log: Arc::clone(log),
            chosen: 0,
            panics,
        })
    }

    fn first_move(new_game: bool, ponder: Option<Duration>) -> MoveRequest {
        MoveRequest {
            start: Position::start(),
            moves: Vec::new(),
            budget: ThinkBudget::movetime(Duration::from_millis(5)),
            new_game,
            ponder,
        }
    }

    #[test]
    fn requests_are_served_in_order_and_the_player_goes_with_the_thread() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let player = PlayerThread::spawn(scripted(&log, None)).unwrap();
        let m = player
            .choose(first_move(true, Some(Duration::from_secs(1))))
            .wait()
            .unwrap();
        assert!(Position::start().is_legal(m).is_ok());
        player.stop_pondering();
        player.new_game().wait().unwrap();
        let later = MoveRequest {
            moves: vec![m],
            ..first_move(false, None)
        };
        player.choose(later).wait().unwrap();
        player.close().wait().unwrap();
        assert_eq!(
            *log.lock().unwrap(),
            [
                "new_game",
                "choose at ply 0 for Some(5ms)",
                "ponder at ply 1",
                "stop_pondering",
                "new_game",
                "choose at ply 1 for Some(5ms)",
                "dropped",
            ]
        );
    }

    #[test]
    fn a_game_that_is_not_legal_is_an_error_not_a_move() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let player = PlayerThread::spawn(scripted(&log, None)).unwrap();
        let illegal = MoveRequest {
            moves: vec!["a1-a2/a3".parse().unwrap()],
            ..first_move(false, None)
        };
        assert!(matches!(
            player.choose(illegal).wait(),
            Err(PlayerError::Unsupported(_))
        ));
    }

    #[test]
    fn a_panic_loses_the_player_and_a_builder_makes_another() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let builds = Arc::new(AtomicUsize::new(0));
        let (made, script) = (Arc::clone(&builds), Arc::clone(&log));
        let player = PlayerThread::spawn_with(
            "test-player".into(),
            || {},
            move || {
                // The first player panics at its first choice.
                let n = made.fetch_add(1, Ordering::SeqCst);
                Ok(scripted(&script, (n == 0).then_some(1)))
            },
        )
        .unwrap();
        assert_eq!(
            builds.load(Ordering::SeqCst),
            0,
            "built at the first request"
        );
        let lost = player.choose(first_move(false, None)).wait().unwrap_err();
        assert!(
            matches!(&lost, PlayerError::Lost(what) if what.contains("scripted bug")),
            "{lost}"
        );
        assert!(player.choose(first_move(false, None)).wait().is_ok());
        assert_eq!(builds.load(Ordering::SeqCst), 2);
        assert_eq!(
            log.lock().unwrap()[0],
            "dropped",
            "the lost player was dropped"
        );

        // A player given as it is cannot be made again.
        let once = PlayerThread::spawn(scripted(&log, Some(1))).unwrap();
        assert!(once.choose(first_move(false, None)).wait().is_err());
        assert!(matches!(
            once.new_game().wait(),
            Err(PlayerError::Lost(what)) if what.contains("earlier")
        ));
    }

    #[test]
    fn a_failed_build_answers_the_request_and_is_tried_again() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut tries = 0;
        let script = Arc::clone(&log);
        let player = PlayerThread::spawn_with(
            "test-player".into(),
            || {},
            move || {
                tries += 1;
                if tries == 1 {
                    Err(PlayerError::Unsupported("not yet".into()))
                } else {
                    Ok(scripted(&script, None))
                }
            },
        )
        .unwrap();
        assert!(matches!(
            player.new_game().wait(),
            Err(PlayerError::Unsupported(_))
        ));
        player.stop_pondering();
        player.new_game().wait().unwrap();
        assert_eq!(
            *log.lock().unwrap(),
            ["new_game"],
            "no player, nothing to stop"
        );
    }

    #[test]
    fn prepare_runs_on_the_players_thread_and_replies_can_be_polled() {
        let (tx, rx) = std::sync::mpsc::channel();
        let log = Arc::new(Mutex::new(Vec::new()));
        let script = Arc::clone(&log);
        let player = PlayerThread::spawn_with(
            "named-player".into(),
            move || {
                let name = std::thread::current().name().map(str::to_owned);
                tx.send(name).unwrap();
            },
            move || Ok(scripted(&script, None)),
        )
        .unwrap();
        assert_eq!(rx.recv().unwrap().as_deref(), Some("named-player"));
        let mut reply = player.choose(first_move(false, None));
        let answer = loop {
            if let Some(answer) = reply.try_take() {
                break answer;
            }
            std::thread::yield_now();
        };
        assert!(answer.is_ok());
        assert!(
            matches!(reply.try_take(), Some(Err(PlayerError::Lost(_)))),
            "an answer is taken once"
        );
        // Dropping the last handle ends the thread and drops the player.
        drop(player);
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while !log.lock().unwrap().contains(&"dropped".to_owned()) {
            assert!(std::time::Instant::now() < deadline, "never dropped");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[tokio::test]
    async fn an_async_host_awaits_replies_without_blocking_its_runtime() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let player = PlayerThread::spawn(scripted(&log, None)).unwrap();
        let thread = std::thread::current().id();
        let m = player.choose(first_move(true, None)).await.unwrap();
        assert!(Position::start().is_legal(m).is_ok());
        assert_eq!(std::thread::current().id(), thread);
        player.close().await.unwrap();
        assert_eq!(log.lock().unwrap().last().unwrap(), "dropped");
        // A reply from a thread that has ended says so.
        let gone = PlayerThread::spawn(scripted(&log, None)).unwrap();
        let other = gone.clone();
        gone.close().await.unwrap();
        assert!(matches!(other.new_game().await, Err(PlayerError::Lost(_))));
    }
}
