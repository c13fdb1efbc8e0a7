//! Q&A (`/board/qna`): questions with attachments from advertisers and site managers, answered by
//! managers and operators. Askers see their own questions and edit or delete them until answered;
//! a list row tells the asker of an answer they have not opened yet (`newAnswer`).

use super::qna_rules::{FILE_TYPE, PROGRAM, scope};
use crate::api::dated;
use crate::api::resource::{BoxFut, Filter, Match, Related, Resource, SaveContext, filter, find_visible, record};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::db::entity::qna::{ActiveModel, Column, Entity, Model};
use crate::db::entity::user;
use crate::error::{ApiError, ApiResult, ok};
use crate::files::{DOCUMENTS, FileSlot};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, Condition, DatabaseTransaction};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use townboard_domain::board::qna_status;

pub struct Questions;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QuestionInput {
    qna_idx: Option<i64>,
    title: String,
    /// HTML, kept safe-sanitised.
    body: String,
}

const FILES: &[FileSlot] = &[FileSlot { part: "files", max_bytes: 20 * 1024 * 1024, max_count: 5, kinds: DOCUMENTS }];
pub const MAX_BODY: usize = 100_000;

impl Resource for Questions {
    type Entity = Entity;
    type Input = QuestionInput;
    type Extra = ();
    const PATH: &'static str = "board/qna";
    const PROGRAM: &'static str = PROGRAM;
    const ID_FIELD: &'static str = "qnaIdx";
    const SUMMARY: &'static str = "Q&A";
    const FILE_TYPE: &'static str = FILE_TYPE;

    fn filters() -> Vec<Filter<Column>> {
        vec![filter("title", Column::Title, Match::Contains), filter("status", Column::Status, Match::Int)]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("qnaIdx", Column::QnaIdx), ("createdAt", Column::CreatedAt), ("title", Column::Title)]
    }
    fn scope(caller: &Caller) -> Option<Condition> {
        scope(caller)
    }
    fn input_id(input: &QuestionInput) -> Option<i64> {
        input.qna_idx
    }
    fn file_slots() -> &'static [FileSlot] {
        FILES
    }
    fn build<'a>(
        _db: &'a DatabaseTransaction,
        input: QuestionInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            if let Some(e) = existing {
                // Only the asker words a question, and only until it is answered.
                if e.created_by != ctx.caller.u_idx() {
                    return Err(ApiError::Forbidden);
                }
                if e.status == qna_status::ANSWERED {
                    return Err(ApiError::conflict("답변된 질문은 수정할 수 없습니다."));
                }
            }
            let mut check = Check::new();
            let title = clean(crate::sanitize::strip(&input.title));
            check.required("title", &title, 200);
            let body = crate::sanitize::safe(&input.body);
            if crate::sanitize::strip(&body).trim().is_empty() && !body.contains("<img") {
                check.fail("body", "필수 항목입니다.");
            }
            check.max_len("body", &body, MAX_BODY);
            check.finish()?;
            Ok((
                ActiveModel {
                    qna_idx: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.qna_idx)),
                    title: Set(title),
                    body: Set(body),
                    status: Set(qna_status::AWAITING),
                    answer: Set(None),
                    answered_by: Set(None),
                    answered_at: Set(None),
                    answer_read_at: Set(None),
                    created_by: Set(existing.map_or(ctx.caller.u_idx(), |e| e.created_by)),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    updated_at: Set(ctx.now),
                    deleted_at: Set(None),
                },
                (),
            ))
        })
    }
    fn before_delete<'a>(_db: &'a DatabaseTransaction, model: &'a Model) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            if model.status == qna_status::ANSWERED {
                return Err(ApiError::conflict("답변된 질문은 삭제할 수 없습니다."));
            }
            Ok(())
        })
    }
    fn related() -> Vec<Related> {
        vec![
            Related::label::<user::Entity>(Column::CreatedBy, user::Column::UIdx, user::Column::UName, "askerName"),
            Related::label::<user::Entity>(Column::AnsweredBy, user::Column::UIdx, user::Column::UName, "answererName"),
        ]
    }
}

/// An answer the asker has not opened since it was given.
fn with_new_answer(m: &Model, value: &mut Value) {
    let unread = match (m.answered_at, m.answer_read_at) {
        (Some(answered), Some(read)) => read < answered,
        (Some(_), None) => true,
        _ => false,
    };
    value["newAnswer"] = json!(m.status == qna_status::ANSWERED && unread);
}

/// `POST /api/board/qna/jsonList.do`: filters `title`, `status`; rows tell of unread answers.
pub async fn list(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    dated::page::<Questions>(&state, &caller, &body, None, |m, v| {
        with_new_answer(m, v);
        // A list shows titles; the question and answer are the detail's.
        if let Some(row) = v.as_object_mut() {
            row.remove("body");
            row.remove("answer");
        }
    })
    .await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ById {
    qna_idx: i64,
}

/// `POST /api/board/qna/jsonDetail.do`: the question, its files and its answer; the asker opening
/// an answer marks it read.
pub async fn detail(State(state): State<AppState>, caller: Caller, Input(body): Input<ById>) -> ApiResult<Response> {
    let (question, mut value) = dated::one::<Questions>(&state, &caller, body.qna_idx, with_new_answer).await?;
    value["files"] = json!(crate::files::of_row(&state.db, FILE_TYPE, question.qna_idx).await?);
    if question.created_by == caller.u_idx() && value["newAnswer"] == json!(true) {
        let read = ActiveModel { qna_idx: Set(question.qna_idx), answer_read_at: Set(Some(state.clock.now())), ..Default::default() };
        read.update(&state.writer).await?;
    }
    Ok(ok(value))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AnswerInput {
    qna_idx: i64,
    /// HTML, kept safe-sanitised.
    answer: String,
}

/// `POST /api/board/qna/jsonAnswer.do`: managers and operators answer (or reword their answer).
pub async fn answer(State(state): State<AppState>, caller: Caller, Input(body): Input<AnswerInput>) -> ApiResult<Response> {
    if !caller.role.sees_all_rows() {
        return Err(ApiError::Forbidden);
    }
    let answer = crate::sanitize::safe(&body.answer);
    let mut check = Check::new();
    if crate::sanitize::strip(&answer).trim().is_empty() && !answer.contains("<img") {
        check.fail("answer", "필수 항목입니다.");
    }
    check.max_len("answer", &answer, MAX_BODY);
    check.finish()?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let before = find_visible::<Questions>(&txn, &caller, body.qna_idx).await?;
    let after = ActiveModel {
        qna_idx: Set(before.qna_idx),
        status: Set(qna_status::ANSWERED),
        answer: Set(Some(answer)),
        answered_by: Set(Some(caller.u_idx())),
        answered_at: Set(Some(now)),
        updated_at: Set(now),
        ..Default::default()
    }
    .update(&txn)
    .await?;
    record(&txn, &caller, now, PROGRAM, before.qna_idx, "answer", Some(&before), Some(&after)).await?;
    txn.commit().await?;
    Ok(ok(json!({ "qnaIdx": after.qna_idx, "status": qna_status::ANSWERED })))
}
