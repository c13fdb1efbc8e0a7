/** Keys that code refers to (code groups, env variables) are written like constants. */
export const KEY_PATTERN = {
  regex: /^[A-Z0-9_]+$/,
  message: '영문 대문자, 숫자, _만 사용할 수 있습니다.',
};
