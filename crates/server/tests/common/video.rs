//! Test videos and images made with ffmpeg (`testsrc2`), at small sizes of a template's shape.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A small picture size with the shape of each template type (even numbers for H.264).
pub fn small_size(template_type: i32) -> (u32, u32) {
    [(108, 256), (216, 350), (108, 192), (108, 248), (256, 108)][template_type as usize]
}

fn ffmpeg(args: &[&str], out: &Path) {
    let status = Command::new("ffmpeg").args(["-nostdin", "-y", "-v", "error"]).args(args).arg(out).status().expect("ffmpeg is installed");
    assert!(status.success(), "ffmpeg {args:?}");
}

/// An H.264 mp4 of `seconds` at `w`×`h` (2 frames a second keeps encodings quick).
pub fn video(dir: &Path, name: &str, (w, h): (u32, u32), seconds: f64) -> PathBuf {
    let out = dir.join(name);
    let src = format!("testsrc2=size={w}x{h}:rate=2");
    let t = format!("{seconds}");
    ffmpeg(&["-f", "lavfi", "-i", &src, "-t", &t, "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast"], &out);
    out
}

/// A WebM of the same kind.
pub fn webm(dir: &Path, name: &str, (w, h): (u32, u32), seconds: f64) -> PathBuf {
    let out = dir.join(name);
    let src = format!("testsrc2=size={w}x{h}:rate=2");
    let t = format!("{seconds}");
    ffmpeg(&["-f", "lavfi", "-i", &src, "-t", &t, "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8"], &out);
    out
}

/// A still image (png or jpg by the name's extension).
pub fn image(dir: &Path, name: &str, (w, h): (u32, u32)) -> PathBuf {
    let out = dir.join(name);
    let src = format!("color=c=0x3366cc:s={w}x{h}");
    ffmpeg(&["-f", "lavfi", "-i", &src, "-frames:v", "1"], &out);
    out
}

/// What ffprobe says of a file: codec, width, height, duration in seconds.
pub fn probe(path: &Path) -> (String, u32, u32, f64) {
    let out = Command::new("ffprobe")
        .args(["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name,width,height:format=duration", "-of", "json"])
        .arg(path)
        .output()
        .expect("ffprobe is installed");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let s = &doc["streams"][0];
    (
        s["codec_name"].as_str().unwrap_or_default().to_string(),
        s["width"].as_u64().unwrap_or(0) as u32,
        s["height"].as_u64().unwrap_or(0) as u32,
        doc["format"]["duration"].as_str().and_then(|d| d.parse().ok()).unwrap_or(0.0),
    )
}
