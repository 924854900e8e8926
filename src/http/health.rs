//! Liveness and readiness probes for load balancers and orchestrators.

use axum::extract::State;
use axum::http::StatusCode;

use super::AppState;
use crate::auth::OwnerSession;
use crate::tls::acme::CertificateStatus;

/// The process is up and answering.
pub async fn healthz() -> &'static str {
    "ok"
}

/// The process can reach its database.
pub async fn readyz(State(state): State<AppState>) -> (StatusCode, &'static str) {
    if crate::store::ping(&state.db).await { (StatusCode::OK, "ready") } else { (StatusCode::SERVICE_UNAVAILABLE, "database unreachable") }
}

/// `GET /api/admin/certificate`: the HTTPS certificate Vita manages (`--domain`), or null.
pub async fn certificate(State(state): State<AppState>, _owner: OwnerSession) -> axum::Json<Option<CertificateStatus>> {
    axum::Json(state.certificate.as_ref().map(|status| status.get()))
}
