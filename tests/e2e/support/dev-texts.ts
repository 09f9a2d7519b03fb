import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

interface DevText {
  at: string;
  to: string;
  body: string;
}

/**
 * The texts the end-to-end server's dev SMS transport kept (DATA_DIR/dev-texts.jsonl; the server's
 * DATA_DIR is data/e2e-<port>, scripts/e2e-server.mjs): nothing leaves the machine, so this file is
 * the phone.
 */
async function textsTo(to: string, port: number): Promise<DevText[]> {
  const file = fileURLToPath(new URL(`../../../data/e2e-${port}/dev-texts.jsonl`, import.meta.url));
  const content = await readFile(file, 'utf8').catch(() => '');
  return content
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as DevText)
    .filter((text) => text.to === to);
}

/** The code of the newest confirmation text to `to` (E.164) beyond the first `after` texts to it. */
export async function codeTextedTo(to: string, after: number, port: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const texts = await textsTo(to, port);
        const match = texts.length > after ? /^FieldBid code: (\d{6})\./.exec(texts.at(-1)!.body) : null;
        code = match?.[1] ?? '';
        return code !== '';
      },
      { message: `a code texted to ${to}` },
    )
    .toBe(true);
  return code;
}

export async function textCount(to: string, port: number): Promise<number> {
  return (await textsTo(to, port)).length;
}
