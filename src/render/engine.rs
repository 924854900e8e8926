//! A small pool of QuickJS engines that run the Vite server-render bundle. A QuickJS runtime
//! is single-threaded, so each worker thread owns one; render jobs reach the workers over a
//! channel and the async side awaits the answer, never blocking the executor.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;

use anyhow::{Context as _, anyhow};
use rquickjs::{CatchResultExt, Context, Function, Module, Object, Runtime};
use tokio::sync::oneshot;

use crate::rules::math;

/// The memory one engine may use; a runaway render fails instead of eating the machine.
const MEMORY_LIMIT: usize = 256 * 1024 * 1024;
const STACK_LIMIT: usize = 4 * 1024 * 1024;
/// QuickJS frees most garbage at once by reference counting; its cycle collector runs when
/// this many bytes were allocated since the last run, and walks every live object, the whole
/// loaded bundle included. At QuickJS's default (256 KB) one render of a long page ran it
/// many times; a render allocates a few MB, so this runs it about once per render.
const GC_THRESHOLD: usize = 8 * 1024 * 1024;

/// What the bundle's `vitaRender` returns: HTML for inside `<head>` and for inside the root
/// element. Read as an object's two strings, not as JSON: serialising a long page to JSON in
/// the interpreter and parsing it again here cost more than the rest of the hand-over.
#[derive(Debug)]
pub struct RenderOutput {
    pub head: String,
    pub body: String,
}

/// Render jobs waiting for a worker, at most. Renders are single-flight per page and
/// refreshes run one at a time, so a full queue means the machine is overloaded: a request
/// is then answered 503 at once rather than queued to be answered too late.
const QUEUE_LIMIT: usize = 64;

/// Every worker is busy and the queue is full.
#[derive(Debug, thiserror::Error)]
#[error("every page renderer is busy")]
pub struct RenderQueueFull;

struct Job {
    input: String,
    reply: oneshot::Sender<anyhow::Result<RenderOutput>>,
}

/// Sends render jobs to the worker threads.
#[derive(Clone)]
pub struct Engine {
    jobs: mpsc::SyncSender<Job>,
}

impl Engine {
    /// Starts `workers` threads, each with the bundle loaded. Fails if the bundle does not
    /// load or does not define `globalThis.vitaRender`.
    pub fn start(bundle: &'static str, workers: usize) -> anyhow::Result<Self> {
        let (jobs, receiver) = mpsc::sync_channel::<Job>(QUEUE_LIMIT);
        let receiver = Arc::new(Mutex::new(receiver));
        for index in 0..workers.max(1) {
            let receiver = Arc::clone(&receiver);
            let (ready_tx, ready_rx) = mpsc::channel();
            thread::Builder::new()
                .name(format!("vita-render-{index}"))
                .stack_size(STACK_LIMIT * 2)
                .spawn(move || match Worker::new(bundle) {
                    Ok(worker) => {
                        let _ = ready_tx.send(Ok(()));
                        worker.run(&receiver);
                    }
                    Err(err) => {
                        let _ = ready_tx.send(Err(err));
                    }
                })
                .context("cannot start a render thread")?;
            ready_rx.recv().context("a render thread stopped while starting")??;
        }
        Ok(Self { jobs })
    }

    /// Renders one page: `input` is the JSON the bundle's `vitaRender` takes. Fails with
    /// `RenderQueueFull` when the queue is full; dropping the future abandons the job.
    pub async fn render(&self, input: String) -> anyhow::Result<RenderOutput> {
        let (reply, answer) = oneshot::channel();
        self.jobs.try_send(Job { input, reply }).map_err(|err| match err {
            mpsc::TrySendError::Full(_) => anyhow::Error::new(RenderQueueFull),
            mpsc::TrySendError::Disconnected(_) => anyhow!("the render threads have stopped"),
        })?;
        answer.await.map_err(|_| anyhow!("a render thread stopped during a render"))?
    }
}

struct Worker {
    runtime: Runtime,
    context: Context,
}

impl Worker {
    fn new(bundle: &str) -> anyhow::Result<Self> {
        let runtime = Runtime::new().context("cannot create a JavaScript runtime")?;
        runtime.set_memory_limit(MEMORY_LIMIT);
        runtime.set_max_stack_size(STACK_LIMIT);
        runtime.set_gc_threshold(GC_THRESHOLD);
        let context = Context::full(&runtime).context("cannot create a JavaScript context")?;
        context.with(|ctx| -> anyhow::Result<()> {
            host_functions(&ctx).map_err(|e| anyhow!("cannot define the render's host functions: {e}"))?;
            let promise = Module::evaluate(ctx.clone(), "ssr-entry.js", bundle)
                .catch(&ctx)
                .map_err(|e| anyhow!("the server-render bundle does not load: {e}"))?;
            promise.finish::<()>().catch(&ctx).map_err(|e| anyhow!("the server-render bundle failed: {e}"))?;
            let _: Function =
                ctx.globals().get("vitaRender").catch(&ctx).map_err(|e| anyhow!("the server-render bundle defines no vitaRender: {e}"))?;
            Ok(())
        })?;
        Ok(Self { runtime, context })
    }

    fn run(self, receiver: &Mutex<mpsc::Receiver<Job>>) {
        loop {
            // Hold the lock only while waiting for the next job, not while rendering.
            let job = match receiver.lock() {
                Ok(receiver) => receiver.recv(),
                Err(_) => return,
            };
            let Ok(job) = job else { return };
            // Whoever asked has gone (a client that hung up): nobody would read the page.
            if job.reply.is_closed() {
                continue;
            }
            let result = self.render(job.input);
            let _ = job.reply.send(result);
        }
    }

    fn render(&self, input: String) -> anyhow::Result<RenderOutput> {
        let output = self.context.with(|ctx| -> anyhow::Result<RenderOutput> {
            let render: Function = ctx.globals().get("vitaRender").map_err(|e| anyhow!("{e}"))?;
            let output: Object = render.call((input,)).catch(&ctx).map_err(|e| anyhow!("render failed: {e}"))?;
            let text = |name: &str| output.get::<_, String>(name).map_err(|e| anyhow!("the render returned no {name}: {e}"));
            Ok(RenderOutput { head: text("head")?, body: text("body")? })
        });
        // Drain whatever the render scheduled (React's shims queue work) so nothing leaks
        // into the next render.
        while self.runtime.is_job_pending() {
            if self.runtime.execute_pending_job().is_err() {
                break;
            }
        }
        output
    }
}

/// What the bundle may ask of the server while it renders: the math of titles, abstracts and
/// rich text as MathML, or as plain text (`crate::rules::math`). A component calls them when
/// they exist (on the server) and shows the text as it is otherwise.
fn host_functions(ctx: &rquickjs::Ctx<'_>) -> rquickjs::Result<()> {
    let globals = ctx.globals();
    globals.set("vitaMathInline", Function::new(ctx.clone(), |text: String| math::to_html(&text, false))?)?;
    globals.set("vitaMathBlocks", Function::new(ctx.clone(), |text: String| math::to_html(&text, true))?)?;
    globals.set("vitaMathRich", Function::new(ctx.clone(), |html: String| math::html_with_math(&html))?)?;
    globals.set("vitaMathPlain", Function::new(ctx.clone(), |text: String| math::to_plain(&text))?)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// Takes about `input` milliseconds and answers how many renders ran, this one included.
    const SLOW_BUNDLE: &str = r#"
        let renders = 0;
        globalThis.vitaRender = (input) => {
            renders += 1;
            const end = Date.now() + Number(input);
            while (Date.now() < end) {}
            return { head: "", body: String(renders) };
        };
    "#;

    /// Issue 27: the page's math is made by the server while the bundle renders.
    #[tokio::test]
    async fn the_bundle_gets_math_as_mathml_and_as_text_from_the_server() {
        let bundle = "globalThis.vitaRender = (t) => ({ head: vitaMathPlain(t), body: vitaMathInline(t) + '|' + vitaMathBlocks('$$x$$') + '|' + vitaMathRich('<p>$x$</p>') });";
        let engine = Engine::start(bundle, 1).unwrap();
        let output = engine.render("$H_0$ <b>".into()).await.unwrap();
        assert_eq!(output.head, "H₀ <b>");
        let parts: Vec<&str> = output.body.split('|').collect();
        assert!(parts[0].starts_with("<math display=\"inline\">") && parts[0].ends_with("</math> &lt;b&gt;"), "{}", parts[0]);
        assert!(parts[1].starts_with("<math display=\"block\">"), "{}", parts[1]);
        assert!(parts[2].starts_with("<p><math display=\"inline\">"), "{}", parts[2]);
    }

    #[tokio::test]
    async fn a_job_whose_client_went_away_is_not_rendered() {
        let engine = Engine::start(SLOW_BUNDLE, 1).unwrap();
        let busy = tokio::spawn({
            let engine = engine.clone();
            async move { engine.render("200".into()).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        // Queued behind the busy worker, then abandoned (the client hung up).
        assert!(tokio::time::timeout(Duration::from_millis(10), engine.render("200".into())).await.is_err());
        assert_eq!(busy.await.unwrap().unwrap().body, "1");
        assert_eq!(engine.render("0".into()).await.unwrap().body, "2", "the abandoned job was skipped");
    }

    #[tokio::test]
    async fn a_full_queue_refuses_at_once() {
        let engine = Engine::start(SLOW_BUNDLE, 1).unwrap();
        let jobs: Vec<_> = (0..QUEUE_LIMIT + 10)
            .map(|_| {
                let engine = engine.clone();
                tokio::spawn(async move { engine.render("20".into()).await })
            })
            .collect();
        let mut refused = 0;
        for job in jobs {
            if let Err(err) = job.await.unwrap() {
                assert!(err.is::<RenderQueueFull>(), "{err}");
                refused += 1;
            }
        }
        assert!(refused >= 9, "only {refused} of {} jobs refused with a queue of {QUEUE_LIMIT}", QUEUE_LIMIT + 10);
    }
}
