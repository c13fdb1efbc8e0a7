//! The endpoints of a kind of material: the resource's reads and delete, the upload, the review,
//! the retry and the approved list.

use super::kind::{MaterialInput, MaterialKind, Materials};
use super::review;
use super::save::save;
use crate::api::resource::{Resource, delete_endpoint, read_endpoints};
use crate::api::route::{Endpoint, post};
use crate::session::guard::Access;
use townboard_domain::permission::{Kind, Permission};

/// The standard endpoints with the upload, the review, the retry and the approved list.
pub fn endpoints<K: MaterialKind>() -> Vec<Endpoint> {
    let perm = |kind| Access::Permission(Permission::new(K::PROGRAM, kind));
    let mut all = read_endpoints::<Materials<K>>();
    all.push(delete_endpoint::<Materials<K>>());
    all.push(
        post(format!("/api/{}/jsonSave.do", K::PATH), perm(Kind::Write), format!("{} 저장 (업로드)", K::SUMMARY), save::<K>)
            .with_body_limit(townboard_domain::material::MAX_UPLOAD_BYTES as usize + crate::input::JSON_BODY_LIMIT)
            .with_doc(|d| {
                d.body = Some(crate::api::route::schema_of::<MaterialInput>());
                d.files = vec![("file", false)];
            }),
    );
    all.push(post(format!("/api/{}/jsonStatus.do", K::PATH), perm(Kind::Other), format!("{} 승인/반려", K::SUMMARY), review::status::<K>));
    all.push(post(format!("/api/{}/jsonRetry.do", K::PATH), perm(Kind::Update), format!("{} 인코딩 재시도", K::SUMMARY), review::retry::<K>));
    all.push(
        post(format!("/api/{}/jsonApprovedList.do", K::PATH), perm(Kind::List), format!("{} 목록 (승인, 인코딩 완료)", K::SUMMARY), review::approved_list::<K>)
            .with_doc(|d| d.body = Some(crate::api::resource::list_schema(&Materials::<K>::filters(), &Materials::<K>::sorts()))),
    );
    all
}
