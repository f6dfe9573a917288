import { createPglite } from '#server/db/client.ts';
import { readInputFiles } from '#server/catalog/read-input.ts';
const { files } = readInputFiles('/tmp/fv-corpus/workflows');
const texts = files.map((f) => new TextDecoder().decode(f.bytes));
for (const [type, storage] of [['jsonb', 'extended'], ['text', 'extended'], ['text', 'external'], ['jsonb', 'external']]) {
  const pg = await createPglite();
  await pg.exec(`create table t (id int primary key, j ${type}); alter table t alter column j set storage ${storage}`);
  const t = performance.now();
  for (let i = 0; i < texts.length; i += 250) {
    const batch = texts.slice(i, i + 250);
    const params: unknown[] = []; const vals: string[] = [];
    batch.forEach((x, k) => { params.push(i + k, type === 'jsonb' ? x.replace(/\\u0000/g, '') : x); vals.push(`($${2 * k + 1}, $${2 * k + 2})`); });
    try { await pg.query(`insert into t values ${vals.join(',')}`, params); } catch (e) { console.log(String(e).slice(0, 100)); }
  }
  console.log(type, storage, Math.round(performance.now() - t));
  await pg.close();
}
