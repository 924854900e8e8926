//! Axum's extractors with their rejections turned into `AppError`, so malformed JSON, a wrong
//! type or a bad id get the same JSON error body as every other failure.

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::{AppError, FieldErrors};

/// A JSON body: read as axum reads it (content type, size limit, syntax), then turned into `T`
/// through `from_value`, so a field that does not fit is named in the error.
pub struct Json<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, AppError> {
        let axum::Json(value) = axum::Json::<serde_json::Value>::from_request(request, state).await?;
        from_value(value).map(Json)
    }
}

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct Path<T>(pub T);

/// A query string. A NUL character (`%00`) is refused up front: no text field may hold one
/// (PostgreSQL cannot store it), and a filter with one would fail in the database.
pub struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        if parts.uri.query().is_some_and(|query| query.to_ascii_lowercase().contains("%00")) {
            return Err(AppError::BadRequest("The query must not contain NUL characters".to_owned()));
        }
        let axum::extract::Query(value) = axum::extract::Query::<T>::from_request_parts(parts, state).await?;
        Ok(Query(value))
    }
}

/// Deserialises a JSON value. A required field that is missing, or a value outside a fixed set
/// (a status, a talk type), is the user's mistake on that field: 422 with the field named. Any
/// other mismatch (a wrong type, an unknown field) is a malformed request: 400, naming the path.
pub fn from_value<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, AppError> {
    if let Some(path) = nul_text(&value, String::new()) {
        let mut fields = FieldErrors::default();
        let field = if path.is_empty() { "." } else { path.as_str() };
        fields.add(field, "Text must not contain NUL characters");
        return Err(AppError::validation(fields));
    }
    serde_path_to_error::deserialize(value).map_err(|err| {
        let path = err.path().to_string();
        let message = err.inner().to_string();
        if let Some(field) = backticked(&message).into_iter().next().filter(|_| message.starts_with("missing field")) {
            let mut fields = FieldErrors::default();
            fields.add(&field, format!("{} is required", label(&field)));
            return AppError::validation(fields);
        }
        if message.starts_with("unknown variant") {
            let allowed = message.split_once("expected").map(|(_, rest)| backticked(rest)).unwrap_or_default();
            let mut fields = FieldErrors::default();
            fields.add(&path, format!("{} must be one of: {}", label(&path), allowed.join(", ")));
            return AppError::validation(fields);
        }
        if path == "." { AppError::BadRequest(message) } else { AppError::BadRequest(format!("{path}: {message}")) }
    })
}

/// What every PUT body must be: an object, not empty, naming only fields of `T`. An array
/// (which serde would read as a struct of defaults), an empty object or an unknown key is a 422
/// on the body, before anything is written.
fn object_of<T: DeserializeOwned>(value: &serde_json::Value) -> Result<&serde_json::Map<String, serde_json::Value>, AppError> {
    let mut fields = FieldErrors::default();
    let Some(object) = value.as_object().filter(|object| !object.is_empty()) else {
        fields.add(".", "The body must be a JSON object with the fields to save");
        return Err(AppError::validation(fields));
    };
    let known = serde_aux::serde_introspection::serde_introspect::<T>();
    for key in object.keys().filter(|key| !known.contains(&key.as_str())) {
        fields.add(key, format!("{key} is not a field of this form"));
    }
    if !fields.is_empty() {
        return Err(AppError::validation(fields));
    }
    Ok(object)
}

/// The body of a PUT that replaces a row, so it must say what every field becomes: a key left
/// out would otherwise be read as "empty" and silently erase the stored value. Each missing key
/// is a 422 on that field; then the body is read like any other.
pub fn complete<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, AppError> {
    let object = object_of::<T>(&value)?;
    let mut fields = FieldErrors::default();
    for key in serde_aux::serde_introspection::serde_introspect::<T>() {
        if !object.contains_key(*key) {
            fields.add(key, format!("{key} is missing: an update must send every field (null empties an optional one)"));
        }
    }
    if !fields.is_empty() {
        return Err(AppError::validation(fields));
    }
    from_value(value)
}

/// The body of a PUT of a page section or the site settings, laid over what is stored: a key
/// left out keeps its stored value (never its default), so a partial body loses nothing.
pub fn over_stored<T: Serialize + DeserializeOwned>(stored: &T, value: serde_json::Value) -> Result<T, AppError> {
    let object = object_of::<T>(&value)?.clone();
    let mut merged = match serde_json::to_value(stored).map_err(anyhow::Error::from)? {
        serde_json::Value::Object(stored) => stored,
        _ => serde_json::Map::new(),
    };
    merged.extend(object);
    from_value(serde_json::Value::Object(merged))
}

/// The path of the first string that holds a NUL character: no text field may (PostgreSQL
/// refuses it, so without this check it would be a server error rather than the user's).
fn nul_text(value: &serde_json::Value, path: String) -> Option<String> {
    let join = |key: &str| if path.is_empty() { key.to_owned() } else { format!("{path}.{key}") };
    match value {
        serde_json::Value::String(text) => text.contains('\0').then_some(path),
        serde_json::Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| nul_text(item, join(&i.to_string()))),
        serde_json::Value::Object(map) => map.iter().find_map(|(key, item)| nul_text(item, join(key))),
        _ => None,
    }
}

/// The words between backticks in a serde message ("expected `draft` or `published`").
fn backticked(message: &str) -> Vec<String> {
    message.split('`').skip(1).step_by(2).map(str::to_owned).collect()
}

/// A field's name as a label: `event_name` → "Event name".
fn label(field: &str) -> String {
    let words = field.replace('_', " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The body size the client declared (`Content-Length`), when it is a number: what an upload
/// is refused on before a byte of it is read.
pub fn declared_length(headers: &axum::http::HeaderMap) -> Option<usize> {
    headers.get(axum::http::header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok())
}
