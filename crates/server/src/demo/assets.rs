//! Pictures and videos for the demo, made by ffmpeg from its test patterns: small files of each
//! template's shape (the transcoding job scales them to the template's resolution), videos that
//! last their 15-second play time at one frame a second so they encode in a moment.

use std::path::{Path, PathBuf};
use tokio::process::Command;

/// A small size with the shape of each template type (even numbers for H.264).
pub fn small_size(template_type: i32) -> (u32, u32) {
    [(216, 512), (216, 350), (216, 384), (216, 496), (512, 216)][template_type.clamp(0, 4) as usize]
}

async fn ffmpeg(args: &[String], out: &Path) -> Result<Vec<u8>, String> {
    let result = Command::new("ffmpeg").args(["-nostdin", "-y", "-v", "error"]).args(args).arg(out).output().await;
    match result {
        Ok(done) if done.status.success() => tokio::fs::read(out).await.map_err(|e| e.to_string()),
        Ok(done) => Err(format!("ffmpeg could not make {}: {}", out.display(), String::from_utf8_lossy(&done.stderr).trim())),
        Err(e) => Err(format!("ffmpeg could not run ({e}): install the ffmpeg package")),
    }
}

/// Whether ffmpeg and ffprobe answer, before anything is written.
pub async fn check_tools() -> Result<(), String> {
    for tool in ["ffmpeg", "ffprobe"] {
        let ran = Command::new(tool).arg("-version").output().await;
        if !ran.is_ok_and(|o| o.status.success()) {
            return Err(format!("seed-demo makes its materials with {tool}: install the ffmpeg package and run it again"));
        }
    }
    Ok(())
}

/// The picture of a simple ad: a coloured field with a light band for the headline and a dark one
/// for the details.
const BANDS: &str = "drawbox=x=iw/10:y=ih/8:w=iw*8/10:h=ih/5:color=white@0.85:t=fill,drawbox=x=iw/10:y=ih*6/10:w=iw*8/10:h=ih/4:color=black@0.35:t=fill";

/// A 15-second H.264 video of the template's shape: the ad picture with a square sliding across
/// it. Flat colours keep the encodings quick.
pub async fn video(dir: &Path, name: &str, template_type: i32, colour: &str) -> Result<(String, Vec<u8>), String> {
    let (w, h) = small_size(template_type);
    let file = format!("{name}.mp4");
    let picture = format!("{BANDS},drawbox=x='mod(t*{step},iw-iw/6)':y=ih*2/5:w=iw/6:h=iw/6:color=yellow@0.9:t=fill", step = w / 8);
    let args: Vec<String> = [
        "-f",
        "lavfi",
        "-i",
        &format!("color=c={colour}:s={w}x{h}:rate=1"),
        "-t",
        "15",
        "-vf",
        &picture,
        "-pix_fmt",
        "yuv420p",
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    Ok((file.clone(), ffmpeg(&args, &dir.join(file)).await?))
}

/// A JPEG poster of the template's shape (the ad picture, still).
pub async fn image(dir: &Path, name: &str, template_type: i32, colour: &str) -> Result<(String, Vec<u8>), String> {
    let (w, h) = small_size(template_type);
    let file = format!("{name}.jpg");
    let args: Vec<String> =
        ["-f", "lavfi", "-i", &format!("color=c={colour}:s={w}x{h}"), "-frames:v", "1", "-vf", BANDS, "-q:v", "3"].iter().map(|s| s.to_string()).collect();
    Ok((file.clone(), ffmpeg(&args, &dir.join(file)).await?))
}

/// A JPEG snapshot (a campaign photo taken on site).
pub async fn photo(dir: &Path, name: &str, hue: i32) -> Result<(String, Vec<u8>), String> {
    let file = format!("{name}.jpg");
    let args: Vec<String> = ["-f", "lavfi", "-i", "testsrc2=size=480x640:rate=1", "-frames:v", "1", "-vf", &format!("hue=h={hue}"), "-q:v", "5"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    Ok((file.clone(), ffmpeg(&args, &dir.join(file)).await?))
}

/// A player build: a small zip (an Android package is one) holding its release note.
pub fn player_build(version: &str, note: &str) -> Result<Vec<u8>, String> {
    use std::io::Write;
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    zip.start_file(format!("townboard-player-{version}/RELEASE.txt"), options).map_err(|e| e.to_string())?;
    zip.write_all(note.as_bytes()).map_err(|e| e.to_string())?;
    Ok(zip.finish().map_err(|e| e.to_string())?.into_inner())
}

/// The working directory of the generated files, under the data directory's `tmp`.
pub fn work_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("tmp").join(format!("demo-{}", crate::crypto::random_token()))
}
