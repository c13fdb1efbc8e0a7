//! HTML sanitising in the three modes of the spec: remove all markup, escape all markup, or keep
//! safe markup only. Notices and board posts are stored in safe mode.

use std::collections::HashSet;
use std::sync::LazyLock;

/// Keeps the text, drops every tag.
pub fn strip(html: &str) -> String {
    ammonia::Builder::empty().clean(html).to_string()
}

/// Shows markup as text.
pub fn escape(html: &str) -> String {
    ammonia::clean_text(html)
}

const MEDIA_ELEMENTS: [&str; 5] = ["audio", "image", "img", "source", "video"];

static SAFE: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut b = ammonia::Builder::default();
    b.add_tags(["audio", "video", "source", "figure", "figcaption", "u", "s"])
        .add_tag_attributes("audio", ["src", "controls"])
        .add_tag_attributes("video", ["src", "controls", "poster", "width", "height"])
        .add_tag_attributes("source", ["src", "type"])
        .add_tag_attributes("img", ["width", "height"])
        .add_url_schemes(["data"])
        .attribute_filter(|element, attribute, value| {
            // data: URLs only as the source of media elements.
            let is_data = value.trim_start().get(..5).is_some_and(|p| p.eq_ignore_ascii_case("data:"));
            if is_data && !(attribute == "src" && MEDIA_ELEMENTS.contains(&element)) {
                return None;
            }
            Some(value.into())
        })
        .clean_content_tags(HashSet::from(["script", "style", "noscript", "noembed"]));
    b
});

/// Drops script, noscript and noembed elements, event-handler attributes, `javascript:` URLs and
/// `data:` URLs except as the source of audio, image, img, source and video.
pub fn safe(html: &str) -> String {
    SAFE.clean(html).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn safe_mode() {
        let table = [
            ("<p>공지 <b>내용</b></p>", "<p>공지 <b>내용</b></p>"),
            ("<script>alert(1)</script><p>x</p>", "<p>x</p>"),
            ("<noscript><p>hidden</p></noscript>ok", "ok"),
            ("<img src=x onerror=alert(1)>", "<img src=\"x\">"),
            ("<a href=\"javascript:alert(1)\">a</a>", "<a rel=\"noopener noreferrer\">a</a>"),
            ("<a href=\"data:text/html,x\">a</a>", "<a rel=\"noopener noreferrer\">a</a>"),
            ("<img src=\"data:image/png;base64,AAAA\">", "<img src=\"data:image/png;base64,AAAA\">"),
            ("<iframe src=\"https://evil\"></iframe>t", "t"),
            ("<p style=\"x\" onclick=\"y\">s</p>", "<p>s</p>"),
        ];
        for (input, expected) in table {
            assert_eq!(safe(input), expected, "{input}");
        }
    }

    #[test]
    fn strip_and_escape() {
        assert_eq!(strip("<p>a <b>b</b></p><script>x</script>"), "a b");
        assert_eq!(escape("<b>x</b>"), "&lt;b&gt;x&lt;&#47;b&gt;");
    }
}
