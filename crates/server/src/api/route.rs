//! An endpoint: path, method, declared access and summary beside its handler. The list of all
//! endpoints (`api::endpoints`) is both the router and the audit table of who may do what; the
//! handler's own argument types describe its request in `/api/openapi.json`.

use crate::input::{Input, Params};
use crate::session::guard::Access;
use crate::state::AppState;
use axum::handler::Handler;
use axum::routing::MethodRouter;
use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema, SchemaGenerator};

/// What the API description says about an endpoint's request and answer.
#[derive(Default, Clone)]
pub struct Described {
    /// The JSON body (or the `data` part of a multipart upload).
    pub body: Option<Schema>,
    /// The query string's fields.
    pub query: Option<Schema>,
    /// Multipart file parts: name and whether several files may go in it.
    pub files: Vec<(&'static str, bool)>,
    /// A file answer (Excel, image, video) instead of the JSON envelope: its content types.
    pub binary: Option<&'static str>,
    /// The handler reads the raw body itself (an upload).
    pub raw_body: bool,
}

pub fn schema_of<T: JsonSchema>() -> Schema {
    let settings = SchemaSettings::draft2020_12().with(|s| {
        s.inline_subschemas = true;
        s.meta_schema = None;
    });
    SchemaGenerator::new(settings).into_root_schema_for::<T>()
}

/// An argument of a handler that has something to say about the request.
pub trait Describe {
    fn describe(_doc: &mut Described) {}
}

impl<T: JsonSchema> Describe for Input<T> {
    fn describe(doc: &mut Described) {
        doc.body = Some(schema_of::<T>());
    }
}

impl<T: JsonSchema> Describe for Params<T> {
    fn describe(doc: &mut Described) {
        doc.query = Some(schema_of::<T>());
    }
}

macro_rules! says_nothing {
    ($($t:ty),* $(,)?) => { $(impl Describe for $t {})* };
}
says_nothing!(
    axum::extract::ws::WebSocketUpgrade,
    crate::auth::Caller,
    crate::session::login::ClientIp,
    crate::player::Device,
    crate::player::DeviceOrCaller,
    axum::http::HeaderMap
);

macro_rules! reads_the_body {
    ($($t:ty),* $(,)?) => { $(impl Describe for $t {
        fn describe(doc: &mut Described) {
            doc.raw_body = true;
        }
    })* };
}
reads_the_body!(axum::extract::Request, axum::body::Bytes, axum::extract::Multipart);
impl<S> Describe for axum::extract::State<S> {}
impl<T> Describe for axum::extract::Path<T> {}
impl<T> Describe for axum::extract::ConnectInfo<T> {}

/// The arguments of a handler, as axum names them: `((),)` for none, `(M, A, B, ...)` otherwise.
pub trait DescribeArgs {
    fn describe_all(doc: &mut Described);
}

impl DescribeArgs for ((),) {
    fn describe_all(_: &mut Described) {}
}

macro_rules! describe_args {
    ($($arg:ident),+) => {
        impl<M, $($arg: Describe),+> DescribeArgs for (M, $($arg,)+) {
            fn describe_all(doc: &mut Described) {
                $($arg::describe(doc);)+
            }
        }
    };
}
describe_args!(A);
describe_args!(A, B);
describe_args!(A, B, C);
describe_args!(A, B, C, D);
describe_args!(A, B, C, D, E);
describe_args!(A, B, C, D, E, F);

pub struct Endpoint {
    pub method: &'static str,
    pub path: String,
    pub access: Access,
    pub summary: String,
    pub router: MethodRouter<AppState>,
    /// A body limit other than the JSON default, for uploads.
    pub body_limit: Option<usize>,
    pub doc: Described,
    /// The indexes a list reads in each of its orders (`crate::db::list_indexes`).
    pub indexes: Vec<crate::db::list_indexes::ListIndex>,
}

impl Endpoint {
    /// A POST whose handler reads no body: the body must be empty or `{}`.
    pub fn takes_no_body(&self) -> bool {
        self.method == "post" && self.doc.body.is_none() && self.doc.files.is_empty() && !self.doc.raw_body
    }

    pub fn with_body_limit(mut self, bytes: usize) -> Self {
        self.body_limit = (bytes > crate::input::JSON_BODY_LIMIT).then_some(bytes);
        self
    }

    /// The request as described here rather than by the handler's argument types (a generic
    /// list reading a map).
    pub fn with_doc(mut self, tune: impl FnOnce(&mut Described)) -> Self {
        tune(&mut self.doc);
        self
    }

    /// A list read through these indexes, made at start-up.
    pub fn reads(mut self, indexes: Vec<crate::db::list_indexes::ListIndex>) -> Self {
        self.indexes.extend(indexes);
        self
    }

    /// Answers a file of this content type rather than the envelope.
    pub fn binary(self, content_type: &'static str) -> Self {
        self.with_doc(|d| d.binary = Some(content_type))
    }
}

fn endpoint<T: DescribeArgs>(method: &'static str, path: String, access: Access, summary: String, router: MethodRouter<AppState>) -> Endpoint {
    let mut doc = Described::default();
    T::describe_all(&mut doc);
    Endpoint { method, path, access, summary, router, body_limit: None, doc, indexes: vec![] }
}

pub fn post<H, T>(path: impl Into<String>, access: Access, summary: impl Into<String>, handler: H) -> Endpoint
where
    H: Handler<T, AppState>,
    T: DescribeArgs + 'static,
{
    endpoint::<T>("post", path.into(), access, summary.into(), axum::routing::post(handler))
}

pub fn get<H, T>(path: impl Into<String>, access: Access, summary: impl Into<String>, handler: H) -> Endpoint
where
    H: Handler<T, AppState>,
    T: DescribeArgs + 'static,
{
    endpoint::<T>("get", path.into(), access, summary.into(), axum::routing::get(handler))
}
