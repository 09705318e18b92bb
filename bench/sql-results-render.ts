// Rendering 10,000 result rows in the SQL editor, measured in Chromium (playwright-core): time from
// clicking Run to rows on screen with the main thread free again ("interactive"), then the time to
// scroll to the last row. The query's answer is handed to the studio's fetch inside the page, so the figure
// is the studio's own work (parse, state, virtualised grid), not the database's.
// Run `npm run build:studio` first. ROWS=... to change the size.
import { createUserWithProject, ensureStudioBuilt, launchChromium, signedInPage, startTestPlatform } from '../apps/studio/e2e/support/sql-editor-project.ts';

const ROWS = Number(process.env.ROWS ?? 10_000);
const MARKER = 'bench_render_rows';

function answer(): string {
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    id: i + 1,
    email: `user${i + 1}@example.com`,
    amount: (i * 1.25).toFixed(2),
    is_active: i % 3 !== 0,
    created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
    profile: { plan: i % 2 ? 'pro' : 'free', tags: ['a', 'b', 'c'], bio: 'x'.repeat(200) },
  }));
  return JSON.stringify(rows);
}

await ensureStudioBuilt();
const platform = await startTestPlatform();
const browser = await launchChromium();
try {
  const project = await createUserWithProject(platform.url, 'bench');
  const { page } = await signedInPage(browser, platform.url, project.email);
  await page.goto(`/project/${project.ref}/sql/new`);
  await page.getByLabel('Row limit').selectOption(String(10_000));
  await page.getByTestId('sql-editor-input').click();
  await page.keyboard.insertText(`select * from ${MARKER}`);
  // The answer is put in the page before the clock starts and handed to the studio's fetch, so
  // neither the database nor the test driver's transfer is measured.
  await page.evaluate(`(() => {
    window.__benchAnswer = ${JSON.stringify(answer())};
    const realFetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const body = init && typeof init.body === 'string' ? init.body : '';
      if (body.includes('${MARKER}')) return Promise.resolve(new Response(window.__benchAnswer, { status: 200, headers: { 'content-type': 'application/json' } }));
      return realFetch(input, init);
    };
  })()`);

  // Page code as text: tsx would otherwise wrap named inner functions in a helper the page lacks.
  const interactiveMs = await page.evaluate<number>(`new Promise((resolve) => {
    const start = performance.now();
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-testid="sql-results-grid"] [role="gridcell"]')) return;
      observer.disconnect();
      // Rows are on screen; the next frame plus a macrotask means the main thread is free again.
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    document.querySelector('[data-testid="sql-run"]').click();
  })`);
  const summary = await page.getByTestId('sql-result-summary').textContent();
  if (!summary?.startsWith(`${ROWS.toLocaleString()} rows`)) throw new Error(`unexpected result: ${summary}`);

  const scrollMs = await page.evaluate<number>(`new Promise((resolve) => {
    const grid = document.querySelector('[data-testid="sql-results-grid"]');
    const start = performance.now();
    grid.scrollTop = grid.scrollHeight;
    const check = () => {
      const rows = [...grid.querySelectorAll('[role="row"]')];
      if (rows.some((row) => row.getAttribute('aria-rowindex') === '${ROWS + 1}')) requestAnimationFrame(() => resolve(performance.now() - start));
      else requestAnimationFrame(check);
    };
    check();
  })`);
  const domRows = await page.locator('[data-testid="sql-results-grid"] [role="row"]').count();
  console.log(
    `sql results render: ${ROWS.toLocaleString('en')} rows interactive in ${Math.round(interactiveMs)} ms after Run; ` +
      `scroll to the last row ${Math.round(scrollMs)} ms; ${domRows} rows in the DOM`,
  );
} finally {
  await browser.close();
  await platform.stop();
}
