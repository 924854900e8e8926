//! Builds the frontend (`web/`) before the binary embeds it, whenever its sources changed or
//! its build output is missing, so `cargo build` alone produces a complete `vita`.
//! Set `VITA_SKIP_WEB_BUILD=1` to embed an existing `web/dist` as it is.

use std::path::Path;
use std::process::Command;

const WATCHED: &[&str] = &[
    "web/src",
    "web/public",
    "web/admin.html",
    "web/package.json",
    "web/package-lock.json",
    "web/vite.config.ts",
    "web/tsconfig.json",
];

fn main() {
    for path in WATCHED {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-env-changed=VITA_SKIP_WEB_BUILD");
    let web = Path::new("web");
    let built = web.join("dist/ssr/entry.js").exists() && web.join("dist/client/.vite/manifest.json").exists();
    if std::env::var_os("VITA_SKIP_WEB_BUILD").is_some() && built {
        return;
    }
    let installed = web.join("node_modules/.package-lock.json");
    let lock_newer = match (modified(&web.join("package-lock.json")), modified(&installed)) {
        (Some(lock), Some(installed)) => lock > installed,
        _ => true,
    };
    if lock_newer {
        npm(web, &["ci", "--no-audit", "--no-fund"]);
    }
    npm(web, &["run", "build"]);
}

fn modified(path: &Path) -> Option<std::time::SystemTime> {
    path.metadata().and_then(|m| m.modified()).ok()
}

fn npm(dir: &Path, args: &[&str]) {
    let status = Command::new("npm").args(args).current_dir(dir).status().unwrap_or_else(|err| {
        panic!("building the frontend needs Node.js 20+ and npm on the PATH ({err}); or set VITA_SKIP_WEB_BUILD=1 with a built web/dist")
    });
    assert!(status.success(), "`npm {}` in web/ failed", args.join(" "));
}
