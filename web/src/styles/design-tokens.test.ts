// DESIGN §6: the design tokens live in one file. A colour written anywhere else drifts from the palette (and from
// its contrast checks) the day the palette changes, so every other style and component must name a token.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tokensFile = path.join(sourceRoot, 'styles', 'tokens.css');
const rawColour = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(/gi;

function filesUnder(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'gql' ? [] : filesUnder(full);
    return /\.(css|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('design tokens', () => {
  it('keeps every colour in tokens.css: no style or component writes one of its own', () => {
    const offenders = filesUnder(sourceRoot)
      .filter((file) => file !== tokensFile)
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            line.match(rawColour) ? [`${path.relative(sourceRoot, file)}:${index + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(offenders).toEqual([]);
  });

  it('draws the focus ring in a colour that stands out (3:1) against every surface and tint', () => {
    const tokens = fs.readFileSync(tokensFile, 'utf8');
    const colour = (name: string) => {
      const hex = new RegExp(`--${name}:\\s*#([0-9a-f]{6});`, 'i').exec(tokens)?.[1];
      if (!hex) throw new Error(`--${name} is not a six-digit hex colour in tokens.css`);
      return hex;
    };
    const luminance = (hex: string) => {
      const [red, green, blue] = [0, 2, 4].map((start) => {
        const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
        return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
    };
    const contrast = (first: string, second: string) => {
      const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
      return (lighter! + 0.05) / (darker! + 0.05);
    };
    const surfaces = [
      'color-background',
      'color-surface',
      'color-surface-muted',
      'color-primary-soft',
      'color-info-soft',
      'color-danger-soft',
      'color-success-soft',
      'color-warning-soft',
    ];
    const weakest = Math.min(...surfaces.map((surface) => contrast(colour('color-focus'), colour(surface))));
    expect(weakest).toBeGreaterThanOrEqual(3);
  });
});
