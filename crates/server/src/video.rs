//! ffprobe and ffmpeg (Debian's ffmpeg package), run as child processes with time limits: what a
//! file holds, and the renditions a material is played in.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;
use tokio::process::Command;

/// What ffprobe read of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probe {
    pub width: u32,
    pub height: u32,
    /// None for still images.
    pub duration_ms: Option<i64>,
    pub has_audio: bool,
}

/// Runs a command to its end within `limit`, answering its stdout or why it failed.
async fn run(mut cmd: Command, limit: Duration) -> Result<Vec<u8>, String> {
    cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).kill_on_drop(true);
    let child = cmd.spawn().map_err(|e| format!("{} 실행 불가: {e}", cmd.as_std().get_program().to_string_lossy()))?;
    match tokio::time::timeout(limit, child.wait_with_output()).await {
        Err(_) => Err(format!("{}초 안에 끝나지 않았습니다.", limit.as_secs())),
        Ok(Err(e)) => Err(e.to_string()),
        Ok(Ok(out)) if out.status.success() => Ok(out.stdout),
        Ok(Ok(out)) => {
            let stderr = String::from_utf8_lossy(&out.stderr);
            Err(stderr.lines().rev().take(3).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join(" / "))
        }
    }
}

/// Reads the picture size and duration of a video or image.
pub async fn probe(path: &Path) -> Result<Probe, String> {
    let mut cmd = Command::new("ffprobe");
    cmd.args(["-v", "error", "-print_format", "json", "-show_streams", "-show_format"]).arg(path);
    let out = run(cmd, Duration::from_secs(30)).await?;
    let doc: serde_json::Value = serde_json::from_slice(&out).map_err(|e| e.to_string())?;
    let streams = doc["streams"].as_array().cloned().unwrap_or_default();
    let video = streams.iter().find(|s| s["codec_type"] == "video").ok_or("영상 스트림이 없습니다.")?;
    let dim = |key: &str| video[key].as_u64().and_then(|v| u32::try_from(v).ok()).unwrap_or(0);
    let still = matches!(video["codec_name"].as_str(), Some("png" | "mjpeg" | "jpeg"))
        && doc["format"]["format_name"].as_str().is_some_and(|f| f.contains("pipe") || f.contains("image2"));
    let seconds = doc["format"]["duration"].as_str().or(video["duration"].as_str()).and_then(|d| d.parse::<f64>().ok());
    Ok(Probe {
        width: dim("width"),
        height: dim("height"),
        duration_ms: if still { None } else { seconds.map(|s| (s * 1000.0).round() as i64) },
        has_audio: streams.iter().any(|s| s["codec_type"] == "audio"),
    })
}

/// A JPEG at most 320 pixels wide of a still image, made by ffmpeg from the bytes on its stdin;
/// an error when ffmpeg cannot read the image.
pub async fn thumbnail(image: &[u8]) -> Result<Vec<u8>, String> {
    use tokio::io::AsyncWriteExt;
    let mut cmd = Command::new("ffmpeg");
    cmd.args(["-v", "error", "-f", "image2pipe", "-i", "pipe:0", "-vf", "scale='min(320,iw)':-2", "-frames:v", "1", "-f", "image2", "-c:v", "mjpeg", "pipe:1"]);
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).kill_on_drop(true);
    let mut child = cmd.spawn().map_err(|e| format!("ffmpeg 실행 불가: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("ffmpeg stdin")?;
    let input = image.to_vec();
    // Fed beside the wait: a large image would otherwise fill the pipe while ffmpeg's output waits.
    let feed = tokio::spawn(async move {
        let _ = stdin.write_all(&input).await;
    });
    let out = tokio::time::timeout(Duration::from_secs(30), child.wait_with_output())
        .await
        .map_err(|_| "30초 안에 끝나지 않았습니다.".to_string())?
        .map_err(|e| e.to_string())?;
    let _ = feed.await;
    if !out.status.success() || out.stdout.is_empty() {
        return Err(String::from_utf8_lossy(&out.stderr).lines().last().unwrap_or("ffmpeg failed").to_string());
    }
    Ok(out.stdout)
}

/// One output of an encoding.
#[derive(Debug, Clone)]
pub struct Output {
    pub rendition: &'static str,
    pub path: PathBuf,
    pub content_type: &'static str,
    pub width: u32,
    pub height: u32,
    pub duration_ms: i64,
    pub bytes: u64,
}

/// How a material is encoded.
pub struct Plan<'a> {
    pub source: &'a Path,
    pub out_dir: &'a Path,
    /// Rendition name and size, largest last.
    pub sizes: &'a [(&'static str, (u32, u32))],
    pub still: bool,
    /// A still's format: png or jpeg, as uploaded.
    pub still_jpeg: bool,
    pub duration_ms: i64,
    pub has_audio: bool,
    /// x264's preset (speed against size).
    pub preset: &'a str,
}

/// Makes every rendition of a material (sd, hd, fhd, poster, and for videos a 5-second thumb),
/// reporting progress 0-100 after each one. Nothing is kept unless every output was made.
pub async fn encode(plan: &Plan<'_>, mut progress: impl FnMut(i32)) -> Result<Vec<Output>, String> {
    let mut outputs = Vec::new();
    let steps = plan.sizes.len() + if plan.still { 1 } else { 2 };
    let limit = Duration::from_secs(600);
    let ext = if plan.still && plan.still_jpeg {
        "jpg"
    } else if plan.still {
        "png"
    } else {
        "mp4"
    };
    for (i, (name, (w, h))) in plan.sizes.iter().enumerate() {
        let path = plan.out_dir.join(format!("{name}.{ext}"));
        let scale = format!("scale={w}:{h}:flags=bicubic,setsar=1");
        let mut cmd = ffmpeg(plan.source);
        if plan.still {
            cmd.args(["-vf", &scale, "-frames:v", "1"]);
            if plan.still_jpeg {
                cmd.args(["-q:v", "3"]);
            }
        } else {
            cmd.args([
                "-map",
                "0:v:0",
                "-vf",
                &scale,
                "-c:v",
                "libx264",
                "-preset",
                plan.preset,
                "-crf",
                "23",
                "-pix_fmt",
                "yuv420p",
                "-movflags",
                "+faststart",
            ]);
            if plan.has_audio {
                cmd.args(["-map", "0:a:0", "-c:a", "aac", "-b:a", "128k"]);
            }
        }
        cmd.arg(&path);
        run(cmd, limit).await.map_err(|e| format!("{name} 인코딩 실패: {e}"))?;
        let content_type = if plan.still && plan.still_jpeg {
            "image/jpeg"
        } else if plan.still {
            "image/png"
        } else {
            "video/mp4"
        };
        outputs.push(output(name, path, content_type, if plan.still { 0 } else { plan.duration_ms }).await?);
        progress(((i + 1) * 100 / steps) as i32);
    }
    // The poster: a frame a second in (or the middle of a shorter video), at the hd size.
    let (_, (pw, ph)) = plan.sizes.get(1).or(plan.sizes.first()).copied().ok_or("크기가 없습니다.")?;
    let poster = plan.out_dir.join("poster.png");
    let mut cmd = Command::new("ffmpeg");
    cmd.args(["-nostdin", "-y", "-v", "error"]);
    if !plan.still {
        let at = (plan.duration_ms.min(2000) / 2) as f64 / 1000.0;
        cmd.args(["-ss", &format!("{at:.3}")]);
    }
    cmd.arg("-i").arg(plan.source).args(["-frames:v", "1", "-vf", &format!("scale={pw}:{ph}:flags=bicubic,setsar=1")]).arg(&poster);
    run(cmd, limit).await.map_err(|e| format!("poster 생성 실패: {e}"))?;
    outputs.push(output("poster", poster, "image/png", 0).await?);
    progress(((plan.sizes.len() + 1) * 100 / steps) as i32);
    if !plan.still {
        let (_, (tw, th)) = plan.sizes[0];
        let thumb = plan.out_dir.join("thumb.mp4");
        let mut cmd = ffmpeg(plan.source);
        cmd.args(["-t", "5", "-map", "0:v:0", "-an", "-vf", &format!("scale={tw}:{th}:flags=bicubic,setsar=1")])
            .args(["-c:v", "libx264", "-preset", plan.preset, "-crf", "28", "-pix_fmt", "yuv420p", "-movflags", "+faststart"])
            .arg(&thumb);
        run(cmd, limit).await.map_err(|e| format!("thumb 생성 실패: {e}"))?;
        outputs.push(output("thumb", thumb, "video/mp4", plan.duration_ms.min(5000)).await?);
        progress(100);
    }
    Ok(outputs)
}

fn ffmpeg(source: &Path) -> Command {
    let mut cmd = Command::new("ffmpeg");
    // One thread pool per encoding: the workers already run one encoding per core.
    cmd.args(["-nostdin", "-y", "-v", "error", "-threads", "1", "-i"]).arg(source);
    cmd
}

async fn output(rendition: &'static str, path: PathBuf, content_type: &'static str, duration_ms: i64) -> Result<Output, String> {
    let probe = probe(&path).await.map_err(|e| format!("{rendition} 확인 실패: {e}"))?;
    let bytes = tokio::fs::metadata(&path).await.map_err(|e| e.to_string())?.len();
    let duration_ms = probe.duration_ms.unwrap_or(duration_ms);
    Ok(Output { rendition, path, content_type, width: probe.width, height: probe.height, duration_ms, bytes })
}
