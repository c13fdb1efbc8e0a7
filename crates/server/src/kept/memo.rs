//! Reference data read on most calls and changed rarely (the menu, env settings): read once and
//! kept in memory. A change made through the API in this process retires it at once (every change
//! writes its history row, which moves the program's epoch); another process's change arrives
//! within 5 seconds, when the kept copy expires.

use sea_orm::DbErr;
use std::any::Any;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

type Kept = (u64, Arc<dyn Any + Send + Sync>);

#[derive(Clone)]
pub struct Memo {
    kept: moka::sync::Cache<&'static str, Kept>,
}

impl Default for Memo {
    fn default() -> Self {
        Memo { kept: moka::sync::Cache::builder().max_capacity(256).time_to_live(Duration::from_secs(5)).build() }
    }
}

impl Memo {
    /// The value kept under `key` while `program` has not changed, else freshly loaded.
    pub async fn get<T, F, Fut>(&self, program: &str, key: &'static str, load: F) -> Result<Arc<T>, DbErr>
    where
        T: Send + Sync + 'static,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<T, DbErr>>,
    {
        let epoch = super::epochs::epoch(program);
        if let Some((kept_epoch, value)) = self.kept.get(key)
            && kept_epoch == epoch
            && let Ok(value) = value.downcast::<T>()
        {
            return Ok(value);
        }
        let value = Arc::new(load().await?);
        self.kept.insert(key, (epoch, value.clone()));
        Ok(value)
    }
}
