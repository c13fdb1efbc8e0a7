import type { ThemeConfig } from 'antd';

/**
 * antd's default colours with the ones that put text below WCAG AA (4.5:1) made darker: the blue behind
 * white button text and used for links and the current menu item, grey secondary and placeholder text,
 * the red of error messages and danger buttons, and the text of light status tags.
 */
const PRIMARY = '#0958d9';
// A lighter blue for hover that still reads with white text and on grey (antd's own would be 4.2:1).
const PRIMARY_HOVER = '#1a66db';

/** Tag text is shade 7 of its colour on shade 1; these presets use a darker shade (8 or 9) instead. */
export const TAG_TEXT_COLORS = {
  green7: '#237804',
  cyan7: '#006d75',
  orange7: '#ad4e00',
  volcano7: '#ad2102',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
} as const;

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY,
    colorPrimaryHover: PRIMARY_HOVER,
    colorPrimaryTextHover: PRIMARY_HOVER,
    // Links take the info colour unless told otherwise.
    colorInfo: PRIMARY,
    colorLink: PRIMARY,
    colorLinkHover: PRIMARY_HOVER,
    colorError: '#cf1322',
    // Descriptions, empty states, secondary typography (antd: 45% black).
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    // Still lighter than typed text (88%), but legible (antd: 25%).
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
  components: {
    Tag: TAG_TEXT_COLORS,
  },
};
