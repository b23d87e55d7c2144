//! The progress display of a `searchlab solve` batch: which instance it is on and for how
//! long, on a terminal only, with every answer printed as soon as it is known.

use std::io::{self, IsTerminal, Write};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// How often the bar is redrawn while one search runs: often enough that the clock visibly
/// moves, rarely enough to cost nothing.
const TICK: Duration = Duration::from_millis(250);

/// How long a batch runs before its bar appears: a run that ends sooner (most single boards)
/// leaves no flicker on the terminal and pays no redraws.
const REVEAL: Duration = Duration::from_millis(500);

/// The progress of a `searchlab solve` batch: on stderr, and only when stderr is a terminal, a
/// line like `⠙ 13/100 [00:01:23] ███░░░░ 4.2 s on puzzles/fifteen/korf100.txt:13` (instance i
/// of n, the batch's elapsed time, the part done, how long this instance has run, its label),
/// redrawn a few times a second so that one long search visibly runs. It appears once the
/// batch has run for half a second. When stderr is not a terminal it draws nothing at all, so
/// piped output is unchanged.
///
/// Everything the batch prints goes through [`Progress::answer`] (answers on stdout),
/// [`Progress::emit`] or [`Progress::suspend`] (anything that writes to stderr): the bar is
/// wiped while the text is written and redrawn under it, so that on a shared terminal
/// answers, messages and the bar never interleave.
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
    /// When the current instance started: the style's `{instance}` key reads it at each draw.
    started: Arc<Mutex<Instant>>,
    /// Whether stdout shares the bar's screen, so that answers must wipe the bar.
    answers_on_screen: bool,
}

impl Progress {
    /// A batch of `len` instances, none started yet.
    pub fn new(len: usize) -> Self {
        // Hidden until revealed: then it draws as `ProgressBar::new` would, on stderr.
        let progress = Self::styled(
            ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::hidden()),
            std::io::stdout().is_terminal(),
        );
        if std::io::stderr().is_terminal() {
            progress.reveal_after(REVEAL, ProgressDrawTarget::stderr);
        }
        progress
    }

    /// Gives `bar` the batch's style; `answers_on_screen`: whether stdout is the bar's screen.
    fn styled(bar: ProgressBar, answers_on_screen: bool) -> Self {
        let started = Arc::new(Mutex::new(Instant::now()));
        let since = Arc::clone(&started);
        let instance = move |_: &ProgressState, w: &mut dyn std::fmt::Write| {
            let start = *since.lock().unwrap_or_else(PoisonError::into_inner);
            // Seconds with a tenth: `4.2 s`, `103.7 s`.
            let _ = write!(w, "{:.1} s", start.elapsed().as_secs_f64());
        };
        // The position counts the instances done; the one running is the next.
        let current = |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let len = state.len().unwrap_or(0);
            let _ = write!(w, "{}", (state.pos() + 1).min(len));
        };
        // `wide_msg` last: a long label is cut to the terminal's width, so the bar stays one
        // line and redraws cleanly.
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} {current}/{len} [{elapsed_precise}] {bar:20} {instance} on {wide_msg}",
        ) {
            bar.set_style(
                style
                    .with_key("instance", instance)
                    .with_key("current", current),
            );
        }
        Self {
            bar,
            started,
            answers_on_screen,
        }
    }

    /// Draws the bar on `target`, redrawn every [`TICK`], from `delay` on, unless the batch is
    /// over by then.
    fn reveal_after(
        &self,
        delay: Duration,
        target: impl FnOnce() -> ProgressDrawTarget + Send + 'static,
    ) {
        let bar = self.bar.downgrade();
        // A thread, because nothing else runs during one long search. Should it not start,
        // the batch runs the same without a bar.
        let _ = std::thread::Builder::new()
            .name("progress".into())
            .spawn(move || {
                std::thread::sleep(delay);
                // A bar finished meanwhile stays hidden: its ticker stops before drawing.
                if let Some(bar) = bar.upgrade()
                    && !bar.is_finished()
                {
                    bar.set_draw_target(target());
                    bar.enable_steady_tick(TICK);
                }
            });
    }

    /// Shows that the instance `label` (`FILE:LINE`, or the argument) starts now.
    pub fn start(&self, label: &str) {
        *self.started.lock().unwrap_or_else(PoisonError::into_inner) = Instant::now();
        self.bar.set_message(label.to_owned());
    }

    /// Counts the current instance as done.
    pub fn done(&self) {
        self.bar.inc(1);
    }

    /// Runs `f` (which prints) with the bar wiped from the terminal, then redraws the bar.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    /// Writes an answer with `f` to `out` (standard output) and flushes it, so that it appears
    /// as soon as it is known: above the bar, wiped meanwhile, when both are on the terminal.
    /// When stdout goes elsewhere the bar stays, and is redrawn at its own pace rather than
    /// once per answer (a fast batch of thousands would otherwise send megabytes of redraws).
    pub fn answer<W: Write + ?Sized>(
        &self,
        out: &mut W,
        f: impl FnOnce(&mut W) -> io::Result<()>,
    ) -> io::Result<()> {
        if self.answers_on_screen {
            self.emit(out, f)
        } else {
            f(out)?;
            out.flush()
        }
    }

    /// Writes with `f` to `out` and flushes it, the bar wiped meanwhile, whatever stdout is:
    /// for what also writes to stderr, like a bad line's message (`batch.rs`).
    pub fn emit<W: Write + ?Sized>(
        &self,
        out: &mut W,
        f: impl FnOnce(&mut W) -> io::Result<()>,
    ) -> io::Result<()> {
        self.bar.suspend(|| {
            f(out)?;
            out.flush()
        })
    }

    /// Wipes the bar for good (also done on drop, so that an error leaves no bar behind).
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        // Without this indicatif would leave the last bar on the screen, above the message of
        // the error that ended the batch.
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use indicatif::TermLike;

    /// What reached the screen, in order: the bar's drawing and the batch's own output.
    #[derive(Clone, Debug, PartialEq)]
    enum Event {
        Bar(String),
        ClearLine,
        Out(String),
        Flush,
    }

    type Log = Arc<Mutex<Vec<Event>>>;

    /// A terminal 80 columns wide that records what the bar draws.
    #[derive(Debug)]
    struct Screen(Log);

    impl TermLike for Screen {
        fn width(&self) -> u16 {
            80
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> io::Result<()> {
            self.write_str(s)
        }
        fn write_str(&self, s: &str) -> io::Result<()> {
            // A redraw starts with "\r" and pads with spaces: only text shows a bar.
            if !s.trim().is_empty() {
                self.0.lock().unwrap().push(Event::Bar(s.to_owned()));
            }
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            self.0.lock().unwrap().push(Event::ClearLine);
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Standard output on the same screen.
    struct Stdout(Log);

    impl Write for Stdout {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let text = String::from_utf8_lossy(buf).into_owned();
            self.0.lock().unwrap().push(Event::Out(text));
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            self.0.lock().unwrap().push(Event::Flush);
            Ok(())
        }
    }

    /// A batch of `len` whose bar is already drawn on a recording screen (at indicatif's
    /// stderr rate, 20 Hz, unless forced).
    fn revealed(len: u64, answers_on_screen: bool, log: &Log) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
        let progress = Progress::styled(bar, answers_on_screen);
        let screen = Screen(Arc::clone(log));
        progress.reveal_after(Duration::ZERO, || {
            ProgressDrawTarget::term_like_with_hz(Box::new(screen), 20)
        });
        // The reveal draws at once: wait for it, so that the bar shows every instance.
        let waited = Instant::now();
        while bars(&log.lock().unwrap()).is_empty() {
            assert!(
                waited.elapsed() < Duration::from_secs(10),
                "the bar never showed"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
        progress
    }

    /// The bars drawn.
    fn bars(events: &[Event]) -> Vec<String> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Bar(s) => Some(s.clone()),
                _ => None,
            })
            .collect()
    }

    /// All the output, as one text.
    fn written(events: &[Event]) -> String {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Out(s) => Some(s.as_str()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn answers_and_messages_are_flushed_with_the_bar_wiped() {
        let log: Log = Arc::default();
        let progress = revealed(3, true, &log);
        let mut out = Stdout(Arc::clone(&log));
        for (label, answer) in [("boards.txt:3", "first"), ("boards.txt:7", "second")] {
            progress.start(label);
            progress
                .answer(&mut out, |out| writeln!(out, "{answer}"))
                .unwrap();
            progress.done();
        }
        // A bad line's message (it goes to stderr, here to the same log).
        progress.start("boards.txt:9");
        progress
            .emit(&mut out, |out| writeln!(out, "searchlab: bad"))
            .unwrap();
        progress.done();
        progress.finish();
        let events = log.lock().unwrap().clone();

        // The bar named each instance, i of n, with its label, within the screen's width.
        let bars = bars(&events);
        for (i, label) in [
            (1, "boards.txt:3"),
            (2, "boards.txt:7"),
            (3, "boards.txt:9"),
        ] {
            assert!(
                bars.iter()
                    .any(|b| b.contains(&format!(" {i}/3 [")) && b.contains(label)),
                "no bar shows instance {i}/3 {label}: {bars:?}"
            );
        }
        assert!(bars.iter().all(|b| b.chars().count() <= 80), "{bars:?}");

        // Output only ever lands on a screen without the bar, and is flushed before the bar
        // comes back; the bar is gone at the end.
        let mut bar_shown = false;
        let mut unflushed = false;
        for event in &events {
            match event {
                Event::Bar(_) => {
                    assert!(!unflushed, "bar redrawn over unflushed output: {events:?}");
                    bar_shown = true;
                }
                Event::ClearLine => bar_shown = false,
                Event::Out(_) => {
                    assert!(!bar_shown, "output written over the bar: {events:?}");
                    unflushed = true;
                }
                Event::Flush => unflushed = false,
            }
        }
        assert!(!bar_shown, "the bar is left on the screen: {events:?}");
        assert_eq!(written(&events), "first\nsecond\nsearchlab: bad\n");
    }

    #[test]
    fn answers_elsewhere_cost_no_redraw_each() {
        const N: u64 = 300;
        let mut drawn = Vec::new();
        for answers_on_screen in [true, false] {
            let log: Log = Arc::default();
            let progress = revealed(N, answers_on_screen, &log);
            let mut out = Stdout(Arc::clone(&log));
            for i in 0..N {
                progress.start(&format!("many.txt:{i}"));
                progress
                    .answer(&mut out, |out| writeln!(out, "{i}"))
                    .unwrap();
                progress.done();
            }
            progress.finish();
            let events = log.lock().unwrap().clone();
            assert_eq!(written(&events).lines().count() as u64, N);
            // Every answer flushed at once, wherever it goes.
            assert_eq!(
                events.iter().filter(|e| **e == Event::Flush).count() as u64,
                N
            );
            drawn.push(bars(&events).len() as u64);
        }
        // On the terminal each answer redraws the bar under it; elsewhere the bar keeps its
        // 20 Hz (with a burst of at most 20 draws over the test's few milliseconds).
        assert!(drawn[0] >= N, "{drawn:?}");
        assert!(drawn[1] < N / 3, "{drawn:?}");
    }

    #[test]
    fn a_hidden_bar_only_writes_and_flushes() {
        let log: Log = Arc::default();
        let progress = Progress::styled(ProgressBar::hidden(), true);
        let mut out = Stdout(Arc::clone(&log));
        progress.start("argument 1");
        progress
            .answer(&mut out, |out| writeln!(out, "answer"))
            .unwrap();
        progress.done();
        progress.finish();
        let events = log.lock().unwrap().clone();
        assert_eq!(written(&events), "answer\n");
        assert_eq!(events.last(), Some(&Event::Flush));
        assert!(
            events
                .iter()
                .all(|e| matches!(e, Event::Out(_) | Event::Flush))
        );
    }

    #[test]
    fn a_batch_over_before_the_reveal_draws_nothing() {
        let log: Log = Arc::default();
        let bar = ProgressBar::with_draw_target(Some(1), ProgressDrawTarget::hidden());
        let progress = Progress::styled(bar, true);
        let screen = Screen(Arc::clone(&log));
        progress.reveal_after(Duration::from_millis(50), || {
            ProgressDrawTarget::term_like(Box::new(screen))
        });
        let mut out = Stdout(Arc::clone(&log));
        progress.start("argument 1");
        progress
            .answer(&mut out, |out| writeln!(out, "answer"))
            .unwrap();
        progress.done();
        progress.finish();
        std::thread::sleep(Duration::from_millis(200));
        let events = log.lock().unwrap().clone();
        assert_eq!(written(&events), "answer\n");
        assert!(
            events
                .iter()
                .all(|e| matches!(e, Event::Out(_) | Event::Flush)),
            "{events:?}"
        );
    }
}
