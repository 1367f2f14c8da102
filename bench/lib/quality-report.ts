/**
 * docs/QUALITY.md is written by the commands that measure (benchmarks, drills, audits): each
 * owns one section between `<!-- BEGIN id -->` and `<!-- END id -->` and replaces only that
 * section, so commands run at different times (or by different people) never erase each other.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const QUALITY_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../docs/QUALITY.md',
);

/** One line describing where and when a figure was measured. */
export function machineLine(): string {
  const cpus = os.cpus();
  return (
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ` +
    `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
    `Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} at the end of the run (1 / 5 / 15 min: other work on the machine).`
  );
}

/**
 * Replaces (or appends) section `id` of docs/QUALITY.md with `markdown`. The heading is part
 * of the markdown. QUALITY_REPORT=0 prints it instead of writing (for a quick local run).
 */
export function writeQualitySection(id: string, markdown: string): void {
  const body = `<!-- BEGIN ${id} -->\n${markdown.trim()}\n<!-- END ${id} -->`;
  if (process.env.QUALITY_REPORT === '0') {
    console.log(body);
    return;
  }
  const current = existsSync(QUALITY_FILE) ? readFileSync(QUALITY_FILE, 'utf8') : '';
  const re = new RegExp(`<!-- BEGIN ${id} -->[\\s\\S]*?<!-- END ${id} -->`);
  // A lost END marker would make the replacement miss and append a second copy of the
  // section: refuse instead, so that the marker is repaired by hand.
  if (current.includes(`<!-- BEGIN ${id} -->`) && !re.test(current))
    throw new Error(`docs/QUALITY.md: '<!-- BEGIN ${id} -->' has no '<!-- END ${id} -->' after it`);
  const next = re.test(current) ? current.replace(re, body) : `${current.trimEnd()}\n\n${body}\n`;
  writeFileSync(QUALITY_FILE, next);
  console.log(`docs/QUALITY.md: section '${id}' written.`);
}

/** A markdown table from a header and rows. */
export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
