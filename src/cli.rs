//! The command line: `vita [serve]`, `vita migrate`, `vita admin add`.

use std::io::{BufRead, IsTerminal};

use anyhow::{Context, bail};
use clap::{Parser, Subcommand};

use crate::app::{self, App};
use crate::config::{Config, StoreConfig};
use crate::{auth, store};

#[derive(Parser)]
#[command(
    name = "vita",
    version,
    about = "Vita: a self-hosted academic website with an admin back office",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    /// With no command, `vita` serves the site.
    #[command(flatten)]
    serve: Config,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the site (the default).
    Serve(Config),
    /// Bring the database schema up to date, then exit.
    Migrate(StoreConfig),
    /// Manage owner accounts.
    #[command(subcommand)]
    Admin(AdminCommand),
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Create an owner account, or set a new password for an existing one. The password is
    /// read from standard input when it is not a terminal, otherwise prompted for.
    Add {
        /// The owner's e-mail address (the sign-in name).
        #[arg(long)]
        email: String,
        #[command(flatten)]
        store: StoreConfig,
    },
}

pub async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        None => serve(cli.serve).await,
        Some(Command::Serve(config)) => serve(config).await,
        Some(Command::Migrate(store_config)) => {
            let db = store::open(&store_config).await?;
            store::close(db).await;
            println!("The database is up to date.");
            Ok(())
        }
        Some(Command::Admin(AdminCommand::Add { email, store: store_config })) => {
            let password = read_password()?;
            let db = store::open(&store_config).await?;
            let result = auth::add_owner(&db, &email, &password).await;
            store::close(db).await;
            let user = result.map_err(|e| anyhow::anyhow!("{e}"))?;
            println!("Owner account {} is ready: sign in at /admin/login.", user.email);
            Ok(())
        }
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    let database = store::Database::from_config(&config.store)?;
    tracing::info!(database = %database.describe(), "starting");
    let app = App::build(&config).await?;
    // Scripts and tests read this line to learn the address (the port may have been 0).
    println!("Vita is running at http://{}", app.local_addr());
    app.serve(app::shutdown_signal()).await
}

fn read_password() -> anyhow::Result<String> {
    if std::io::stdin().is_terminal() {
        let first = rpassword::prompt_password("Password: ").context("cannot read the password")?;
        let second = rpassword::prompt_password("Repeat the password: ").context("cannot read the password")?;
        if first != second {
            bail!("the two passwords differ");
        }
        Ok(first)
    } else {
        let mut line = String::new();
        std::io::stdin().lock().read_line(&mut line).context("cannot read the password from standard input")?;
        let password = line.trim_end_matches(['\n', '\r']).to_owned();
        if password.is_empty() {
            bail!("no password on standard input");
        }
        Ok(password)
    }
}
