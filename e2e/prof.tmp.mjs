// CPU profile of a page's load under 4x CPU throttling, self time by source-mapped function.
import { chromium } from '@playwright/test';
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { SourceMapConsumer } = require('/work/main/node_modules/.pnpm/source-map-js@1.2.4/node_modules/source-map-js');
const [,, base, path, email, password] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
const page = await context.newPage();
if (email) {
  await page.goto(base + '/login');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForTimeout(2500);
  await page.goto(base + '/contact'); await page.waitForTimeout(1500);
}
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await page.addInitScript(() => {
  window.__long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
});
await cdp.send('Profiler.start');
await page.goto(base + path, { waitUntil: 'load' });
await page.waitForTimeout(5000);
const { profile } = await cdp.send('Profiler.stop');
const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
const longs = await page.evaluate(() => window.__long);
console.log('FCP', Math.round(fcp ?? -1), 'long tasks', JSON.stringify(longs));
const self = new Map();
const dt = profile.timeDeltas; const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const counts = new Map();
for (let i = 0; i < profile.samples.length; i++) counts.set(profile.samples[i], (counts.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
const maps = new Map();
function mapped(cf) {
  const url = cf.url; if (!url.includes('/assets/')) return `${cf.functionName || '(anon)'} ${url.split('/').pop()}`;
  const file = '/work/main/apps/web/dist/assets/' + url.split('/assets/')[1];
  if (!maps.has(file)) maps.set(file, existsSync(file + '.map') ? new SourceMapConsumer(JSON.parse(readFileSync(file + '.map', 'utf8'))) : null);
  const c = maps.get(file); if (!c) return `${cf.functionName} ${url.split('/').pop()}`;
  const p = c.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
  return `${p.name || cf.functionName || '(anon)'} ${(p.source || '').replace(/.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${p.line}`;
}
for (const [id, us] of counts) { const n = byId.get(id); const k = mapped(n.callFrame); self.set(k, (self.get(k) ?? 0) + us); }
const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 30);
for (const [k, us] of top) console.log((us / 1000).toFixed(1).padStart(8), 'ms', k);
await browser.close();
