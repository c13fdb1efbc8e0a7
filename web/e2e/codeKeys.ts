import fs from 'node:fs';
import path from 'node:path';

const CODE_KEY = '[A-Z][A-Z0-9_]*';
/** `cdKey: 'X'`, `cdKey="X"`, `useCodeList('X')`: a code key named in place. */
const NAMED = [new RegExp(`cdKey\\s*[:=]\\s*\\{?\\s*['"](${CODE_KEY})['"]`, 'g'), new RegExp(`useCodeList\\(\\s*['"](${CODE_KEY})['"]`, 'g')];
/** `cdKey: X` or `cdKey={X}`: a code key held by a constant. */
const BY_CONSTANT = new RegExp(`cdKey\\s*[:=]\\s*\\{?\\s*(${CODE_KEY})\\b(?!\\s*[.(])`, 'g');
const CONSTANT = new RegExp(`const\\s+(${CODE_KEY})\\s*=\\s*['"](${CODE_KEY})['"]`, 'g');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Every common-code key (cdKey) the screens name: in column, filter and field definitions, in code
 * components' props and code list hooks, written in place or through a constant. Tests are left out.
 */
export function codeKeysOfScreens(srcDir: string): string[] {
  const texts = sourceFiles(srcDir).map((file) => fs.readFileSync(file, 'utf8'));
  const constants = new Map(texts.flatMap((text) => [...text.matchAll(CONSTANT)].map((match) => [match[1], match[2]] as const)));
  const keys = new Set<string>();
  for (const text of texts) {
    for (const pattern of NAMED) for (const match of text.matchAll(pattern)) keys.add(match[1]);
    for (const match of text.matchAll(BY_CONSTANT)) {
      const value = constants.get(match[1]);
      if (value) keys.add(value);
    }
  }
  return [...keys].sort();
}
