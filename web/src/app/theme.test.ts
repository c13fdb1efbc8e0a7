import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { AA_GRAPHICS, AA_TEXT, contrastRatio } from '../lib/contrast';
import css from './app.css?raw';
import { headerColor, type AppEnv } from './layout/useAppInfo';
import { appTheme, TAG_TEXT_COLORS } from './theme';

// The colours antd derives from the theme, as the screens get them.
const token = theme.getDesignToken(appTheme) as unknown as Record<string, string>;

describe('text colours of the theme meet WCAG AA', () => {
  it.each([
    // Body, secondary and description text, links and placeholders on pages, cards and the login backdrop.
    ...['colorText', 'colorTextSecondary', 'colorTextDescription', 'colorTextTertiary', 'colorTextPlaceholder', 'colorLink', 'colorLinkHover', 'colorPrimary', 'colorPrimaryTextHover', 'colorError'].flatMap(
      (text) => ['colorBgContainer', 'colorBgLayout'].map((background) => [text, background]),
    ),
    // Table headers and disabled fields are faintly grey.
    ['colorTextDescription', 'colorFillAlter'],
    ['colorTextPlaceholder', 'colorBgContainerDisabled'],
    // The current menu item.
    ['colorPrimary', 'colorPrimaryBg'],
    // White text on primary and danger buttons, resting, hovered and pressed.
    ...['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive', 'colorError', 'colorErrorHover', 'colorErrorActive'].map((background) => [
      'colorTextLightSolid',
      background,
    ]),
    // Messages of the info kind.
    ['colorText', 'colorInfoBg'],
    ['colorError', 'colorErrorBg'],
  ])('%s on %s', (text, background) => {
    expect(contrastRatio(token[text], token[background])).toBeGreaterThanOrEqual(AA_TEXT);
  });

  const tagColors = ['blue', 'purple', 'cyan', 'green', 'magenta', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'gold', 'lime'];
  const tagOverrides: Record<string, string> = TAG_TEXT_COLORS;

  it.each(tagColors)('the text of a %s tag on its tint', (color) => {
    const text = tagOverrides[`${color}7`] ?? token[`${color}7`];
    expect(contrastRatio(text, token[`${color}1`])).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each<AppEnv>(['prod', 'stage', 'dev', 'local'])('the header text of %s', (env) => {
    expect(contrastRatio('#ffffff', headerColor(env))).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

/** The `color:` values of app.css, each with the selector of its rule (the file has no nesting). */
function cssTextColors(source: string): { selector: string; color: string }[] {
  const rules = source.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^}]*)\}/g);
  return [...rules].flatMap(([, selector, body]) =>
    [...body.matchAll(/(?:^|;)\s*color\s*:\s*([^;]+)/g)].map(([, color]) => ({ selector: selector.trim(), color: color.trim() })),
  );
}

describe('text colours of app.css meet WCAG AA', () => {
  const declarations = cssTextColors(css);

  it('finds the colours it checks', () => {
    expect(declarations.length).toBeGreaterThan(3);
  });

  it.each(declarations.map(({ selector, color }) => [selector, color]))('%s: %s', (selector, color) => {
    const variable = /^var\(--ant-([a-z-]+)\)$/.exec(color);
    const value = variable ? token[variable[1].replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] : color;
    expect(value, `${color} is no theme colour`).toBeDefined();
    // The header's text is white on the header's colour; everything else lies on white.
    if (selector.includes('.top-bar')) {
      for (const env of ['prod', 'stage', 'dev', 'local'] as const) {
        expect(contrastRatio(value, headerColor(env))).toBeGreaterThanOrEqual(AA_TEXT);
      }
    } else {
      // Icons (close marks, empty thumbnails) need 3:1, text 4.5:1.
      const isIcon = /clear|empty|icon/.test(selector);
      expect(contrastRatio(value, token.colorBgContainer)).toBeGreaterThanOrEqual(isIcon ? AA_GRAPHICS : AA_TEXT);
    }
  });
});
