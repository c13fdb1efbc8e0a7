//! The screens of recent player calls, by token digest, kept in memory so that a heartbeat costs
//! no lookup. A change of a screen (an ssaid reset or a new registration revokes its token, a
//! mapping moves it) retires every entry of this process at once, and of the others within about
//! a second (the screens epoch of `crate::kept::epochs`). Entries live ten minutes at most, for changes made outside the API.

use crate::db::entity::{media, player};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

static COMMANDS_EPOCH: AtomicU64 = AtomicU64::new(0);

/// A command was queued for a screen, in this process or (heard over the push channel) another:
/// the screen's next heartbeat, or its channel joining, looks at once.
pub fn command_queued() {
    COMMANDS_EPOCH.fetch_add(1, Ordering::SeqCst);
}

/// The screens with commands waiting, as last read: (commands epoch, when, screens).
#[derive(Default)]
struct Waiting {
    epoch: u64,
    read_at: Option<std::time::Instant>,
    screens: std::collections::HashSet<i64>,
}

#[derive(Clone)]
pub struct Devices {
    screens: moka::sync::Cache<String, (u64, Arc<media::Model>)>,
    /// The deployed player build per OS type.
    deployed: moka::sync::Cache<String, Option<Arc<player::Model>>>,
    waiting: Arc<tokio::sync::Mutex<Waiting>>,
}

impl Default for Devices {
    fn default() -> Self {
        Devices {
            screens: moka::sync::Cache::builder().max_capacity(1_000_000).time_to_live(Duration::from_secs(600)).build(),
            deployed: moka::sync::Cache::builder().max_capacity(64).time_to_live(Duration::from_secs(10)).build(),
            waiting: Default::default(),
        }
    }
}

impl Devices {
    pub fn screen(&self, digest: &str) -> Option<Arc<media::Model>> {
        let epoch = crate::kept::epochs::screens();
        self.screens.get(digest).filter(|(e, _)| *e == epoch).map(|(_, m)| m)
    }

    /// Remembers a screen read with `epoch` current before the read.
    pub fn remember(&self, digest: String, epoch: u64, m: media::Model) -> Arc<media::Model> {
        let m = Arc::new(m);
        self.screens.insert(digest, (epoch, m.clone()));
        m
    }

    pub fn epoch(&self) -> u64 {
        crate::kept::epochs::screens()
    }

    pub fn deployed(&self, os_type: &str) -> Option<Option<Arc<player::Model>>> {
        self.deployed.get(os_type)
    }

    pub fn remember_deployed(&self, os_type: &str, build: Option<player::Model>) {
        self.deployed.insert(os_type.to_string(), build.map(Arc::new));
    }

    /// Whether commands may wait for a screen: the set of such screens is read at most every
    /// second, and at once after a command was queued here or heard of from another process
    /// ([`command_queued`]).
    pub async fn commands_may_wait(&self, db: &impl sea_orm::ConnectionTrait, media_id: i64) -> Result<bool, sea_orm::DbErr> {
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
        let mut w = self.waiting.lock().await;
        let epoch = COMMANDS_EPOCH.load(Ordering::SeqCst);
        if w.epoch != epoch || w.read_at.is_none_or(|t| t.elapsed() > Duration::from_secs(1)) {
            let ids: Vec<i64> = crate::db::entity::media_command::Entity::find()
                .select_only()
                .column(crate::db::entity::media_command::Column::MediaId)
                .filter(crate::db::entity::media_command::Column::Status.eq("pending"))
                .distinct()
                .into_tuple()
                .all(db)
                .await?;
            *w = Waiting { epoch, read_at: Some(std::time::Instant::now()), screens: ids.into_iter().collect() };
        }
        Ok(w.screens.contains(&media_id))
    }

    /// A deployment changed: every OS type is read again.
    pub fn forget_deployed(&self) {
        self.deployed.invalidate_all();
    }
}
