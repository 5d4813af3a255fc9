import { eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { DemoMail, RequestConversation, RequestEmailPage, RequestMailAddress } from '@copro/domain';
import { outbox } from '@copro/server/db/schema/index';
import { demoBuildings } from '@copro/scripts/demo';
import { type E2E, e2eMailDomain, newPage, shot, signInAs, startE2E } from './harness';

let e: E2E;
const [jardins] = demoBuildings;
const building = `/building/${jardins.ref}`;
const api = `/api/buildings/${jardins.ref}`;
const owner = 'owner@example.com';
const stranger = 'jean.inconnu@example.net';

beforeAll(async () => {
  e = await startE2E({ smtpIn: true });
});
afterAll(async () => e?.close());

/** Waits until the element is shown, on the page's state, never on time; if it never is, the page is kept as a screenshot. */
async function seen(locator: Locator, timeout = 15_000): Promise<void> {
  try {
    await expect.poll(() => locator.isVisible(), { timeout }).toBe(true);
  } catch (error) {
    await shot(locator.page(), 'requests-failure');
    throw error;
  }
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

/** What a phone must never do: scroll sideways. */
async function fitsWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

/** A mail as another mail server hands it to Copro's port: plain SMTP, no TLS, no login. */
async function sendBySmtp(mail: {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  inReplyTo?: string;
  references?: string[];
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}): Promise<void> {
  const transport = createTransport({
    host: '127.0.0.1',
    port: e.server.smtpIn!.port,
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}

/** The water damage's photo the owner scanned to PDF. */
const photoPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('requests by email', () => {
  let requestUuid = '';
  const subject = 'Water stain on the ceiling of 201';

  it(
    "an owner's email opens a request, the handler replies from his phone, and the owner's answer joins the thread",
    { timeout: 120_000 },
    async () => {
      // Henri, the handler, keeps the requests open on his phone, in English.
      const { context, page } = await newPage(e, { width: 390 });
      await signInAs(page, 'handler@example.com');
      const mailAddress = await getJson<RequestMailAddress>(page, `${api}/request-emails/address`);
      expect(mailAddress).toEqual({ address: `${jardins.ref}@${e2eMailDomain}`, receiving: true });
      await page.goto(`${building}/requests/all`);
      await seen(page.getByRole('heading', { name: 'Requests', exact: true }));

      // Olivia, owner of 201, writes to the building's address from her own mail, with a file.
      const ownerMessageId = `<stain-${Date.now()}@mail.example.com>`;
      const ownerText = 'There is a brown water stain spreading on my bathroom ceiling since this morning.';
      await sendBySmtp({
        from: `Olivia Owner <${owner}>`,
        to: mailAddress.address,
        subject,
        text: ownerText,
        messageId: ownerMessageId,
        attachments: [{ filename: 'stain.pdf', content: photoPdf, contentType: 'application/pdf' }],
      });

      // The new request appears in his open requests without a reload, on her unit.
      const link = page.getByRole('link', { name: new RegExp(subject) });
      await seen(link);
      const card = page.locator('article', { has: link });
      await expect.poll(() => card.textContent()).toContain('Olivia Owner');
      await expect.poll(() => card.textContent()).toContain('201');
      // The navbar's badge counts it: the demo had no request before.
      await seen(page.getByLabel('1 open request or unread email'));
      await fitsWidth(page, 390);
      await shot(page, 'requests-list-en-390');
      await link.click();
      await page.waitForURL(/\/requests\/all\/[0-9a-f-]{36}$/);
      requestUuid = page.url().split('/requests/all/')[1]!;

      // Her email is the conversation's first message, with its file.
      await seen(page.getByText(ownerText).last());
      const file = page.getByRole('link', { name: 'stain.pdf' });
      await seen(file);
      const download = await page.request.get((await file.getAttribute('href'))!);
      expect(download.status()).toBe(200);
      expect(Buffer.from(await download.body()).equals(photoPdf)).toBe(true);

      // He answers from the reply form: addressed to her and titled after her email already.
      const form = page.locator('form', { has: page.getByRole('heading', { name: 'Reply by email' }) });
      await seen(form);
      expect(await form.getByRole('textbox', { name: 'To' }).inputValue()).toBe(owner);
      expect(await form.getByRole('textbox', { name: 'Subject' }).inputValue()).toContain(subject);
      const replyText = 'Thank you, a plumber will come to check the unit above today at 2 p.m.';
      await form.locator('.ProseMirror').click();
      await page.keyboard.type(replyText);
      await form.getByRole('button', { name: 'Send' }).click();
      await seen(page.getByText('Henri Handler (from Copro)'));

      // The reply answers her email and went to the outbox from the building, Reply-To the thread's token.
      const afterReply = await getJson<RequestConversation>(page, `${api}/requests/${requestUuid}/emails`);
      expect(afterReply.items.map((m) => m.self)).toEqual([false, true]);
      const [received, reply] = afterReply.items as [
        RequestConversation['items'][0],
        RequestConversation['items'][0],
      ];
      expect(received).toMatchObject({ messageId: ownerMessageId, fromAddress: owner, requestUuid });
      expect(received.attachments.map((a) => a.fileName)).toEqual(['stain.pdf']);
      expect(reply).toMatchObject({ to: [owner], inReplyTo: ownerMessageId, requestUuid });
      expect(reply.text).toContain(replyText);
      const [queued] = await e.server.platform.db
        .select()
        .from(outbox)
        .where(eq(outbox.messageId, reply.messageId!));
      expect(queued).toMatchObject({ to: owner, inReplyTo: ownerMessageId });
      expect(queued!.fromAddress).toContain(mailAddress.address);
      const tokenAddress = queued!.replyTo!;
      expect(tokenAddress).not.toBe(mailAddress.address);
      expect(tokenAddress.endsWith(`@${e2eMailDomain}`)).toBe(true);
      // The demo mailbox (no SMTP out here) shows what she receives.
      const mailbox = await getJson<DemoMail[]>(page, '/api/demo/mailbox');
      expect(mailbox.find((m) => m.id === queued!.id)).toMatchObject({ to: owner, subject: reply.subject });

      // Olivia answers from her mail program: to the Reply-To, threaded on the reply's Message-ID.
      const answerText = 'Thanks Henri, I will be home to let the plumber in.';
      await sendBySmtp({
        from: `Olivia Owner <${owner}>`,
        to: tokenAddress,
        subject: reply.subject,
        text: answerText,
        messageId: `<answer-${Date.now()}@mail.example.com>`,
        inReplyTo: reply.messageId!,
        references: [ownerMessageId, reply.messageId!],
      });

      // Henri's open page shows it in the same conversation, live.
      await seen(page.getByText(answerText));
      await fitsWidth(page, 390);
      await shot(page, 'requests-view-en-390');
      const thread = await getJson<RequestConversation>(page, `${api}/requests/${requestUuid}/emails`);
      expect(thread.items.map((m) => m.text.trim())).toEqual([ownerText, reply.text.trim(), answerText]);
      expect(thread.items.every((m) => m.requestUuid === requestUuid && m.folder === 'request')).toBe(true);
      // No second request was opened, and nothing was left outside requests.
      const open = await getJson<{ items: { uuid: string; title: string }[]; total: number }>(
        page,
        `${api}/requests?status=open`,
      );
      expect(open.items.filter((r) => r.title.includes(subject)).map((r) => r.uuid)).toEqual([requestUuid]);
      const unassigned = await getJson<RequestEmailPage>(page, `${api}/request-emails?folder=unassigned`);
      expect(unassigned.total).toBe(0);

      // A stranger's email opens nothing: it waits under "Unknown".
      await sendBySmtp({
        from: `Jean Inconnu <${stranger}>`,
        to: mailAddress.address,
        subject: 'Parking spot for rent?',
        text: 'Hello, is there a parking spot for rent in your building?',
        messageId: `<parking-${Date.now()}@mail.example.net>`,
      });
      // Unread and in no request, it is counted on the badge at once.
      await seen(page.getByLabel('2 open requests and unread emails'));
      await page.goto(`${building}/requests/all?folder=unknown`);
      await seen(page.getByText('Parking spot for rent?'));
      await fitsWidth(page, 390);
      await shot(page, 'requests-unknown-en-390');
      const unknown = await getJson<RequestEmailPage>(page, `${api}/request-emails?folder=unknown`);
      expect(unknown.items.map((m) => m.fromAddress)).toEqual([stranger]);
      await context.close();
    },
  );

  it.each([
    { who: 'handler@example.com', locale: 'en-CA', width: 1280, language: 'en' },
    { who: 'admin@example.com', locale: 'fr-CA', width: 1280, language: 'fr' },
    { who: 'admin@example.com', locale: 'fr-CA', width: 390, language: 'fr' },
  ] as const)(
    'the requests pages in $language at $width px: list, request with its conversation, unknown senders',
    { timeout: 60_000 },
    async ({ who, locale, width, language }) => {
      expect(requestUuid).not.toBe('');
      const words = {
        en: { heading: 'Requests', status: 'Status', requester: 'Requester', reply: 'Reply by email' },
        fr: { heading: 'Requêtes', status: 'Statut', requester: 'Demandeur', reply: 'Répondre par courriel' },
      }[language];
      const { context, page } = await newPage(e, { locale, width });
      await signInAs(page, who);
      const name = `${language}-${width}`;

      await page.goto(`${building}/requests/all`);
      await seen(page.getByRole('heading', { name: words.heading, exact: true }));
      await seen(page.getByRole('link', { name: new RegExp(subject) }));
      await fitsWidth(page, width);
      await shot(page, `requests-list-${name}`);

      await page.goto(`${building}/requests/all/${requestUuid}`);
      await seen(page.getByRole('heading', { name: 'Conversation' }));
      await seen(page.getByRole('heading', { name: words.reply }));
      await seen(page.getByText(words.requester, { exact: true }));
      await seen(page.getByRole('textbox', { name: words.status }));
      await seen(page.getByText('Thanks Henri, I will be home to let the plumber in.'));
      await fitsWidth(page, width);
      await shot(page, `requests-view-${name}`);

      await page.goto(`${building}/requests/all?folder=unknown`);
      await seen(page.getByText('Parking spot for rent?'));
      await fitsWidth(page, width);
      await shot(page, `requests-unknown-${name}`);
      await context.close();
    },
  );
});
