import { eq } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import {
  addDays,
  buildingToday,
  can,
  defaultReminderSettings,
  languageOf,
  type PostInput,
  type RequestDetail,
  type RequestEdit,
} from '@copro/domain';
import type { Tx } from '@copro/server/db/client';
import { building, type LogSource } from '@copro/server/db/schema/index';
import { runBuildingAutomaticMails } from '@copro/server/modules/communications/index';
import { saveReminderSettings } from '@copro/server/modules/communications/automatic/settings';
import type { PostContext } from '@copro/server/modules/communications/posts/post-rows';
import { createPost } from '@copro/server/modules/communications/posts/posts';
import { createTemplate as createPostTemplate } from '@copro/server/modules/communications/posts/templates';
import { markRead } from '@copro/server/modules/requests/mail/emails';
import { receiveMessage } from '@copro/server/modules/requests/mail/inbound';
import { sendReply } from '@copro/server/modules/requests/mail/reply';
import { conversationRows } from '@copro/server/modules/requests/mail/store';
import type { RequestsContext } from '@copro/server/modules/requests/requests/context';
import { listRequests } from '@copro/server/modules/requests/requests/list';
import { addNote, createRequest, editRequest } from '@copro/server/modules/requests/requests/requests';
import { createTag } from '@copro/server/modules/requests/requests/tags';
import { createTemplate as createEmailTemplate } from '@copro/server/modules/requests/requests/templates';
import { unitsOffered } from '@copro/server/modules/requests/requests/units';
import { policyOf, type BuildingRow } from '@copro/server/platform/access';
import { FixedClock } from '@copro/server/platform/clock';
import type { Platform } from '@copro/server/platform/platform';
import type { SessionUser } from '@copro/server/platform/routes';
import { transactionWithFiles } from '@copro/server/platform/storage';

/**
 * The communications and requests of « Les Jardins du Parc » around `today` (the building's date),
 * written through the services the app itself calls:
 * - posts: the general meeting notice to everyone (French and English, its agenda in PDF) and a
 *   water shut-off notice to the third floor (French only), both emailed in the past weeks (without
 *   `SMTP_URL` their mails wait in the outbox, `pending`); today's garage cleaning notice to the
 *   parking holders, not emailed;
 * - a building post template and a group one;
 * - the insurance-expiring and water-heater-warranty reminders turned on, and their daily run as of
 *   today, which sends what the registry's dates make due (the history is that run's, nothing else);
 * - four request tags (plumbing's default handler is handler@example.com) and two email templates;
 * - seven requests over the last four weeks, numbered in the order they came: one of them came by
 *   email from owner@example.com (through the inbound path the SMTP listener feeds), was answered
 *   by the handler (a reply in the outbox, `pending`) and answered back in its thread; and an email
 *   from a sender nobody knows waits in the `unknown` folder, so the handler's badge counts it.
 */

/** Who acts in the demo's communications. */
export interface DemoCommunicationsPeople {
  admin: LogSource;
  handler: LogSource;
  owner: LogSource;
  resident: LogSource;
  approver: LogSource;
}

/** The general meeting notice's texts: the demo test recognizes its mails by their subject. */
export const demoMeetingNotice = {
  fr: 'Avis de convocation — assemblée générale annuelle',
  en: 'Notice of the annual general meeting',
} as const;

const sessionUserOf = (source: LogSource): SessionUser => ({
  id: source.id,
  email: source.email ?? '',
  name: source.name ?? '',
  locale: null,
  emailVerified: true,
});

/** `time` (HH:MM) in the building's time zone on `date`. */
function localTime(timeZone: string, date: string, time: string): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(guess)
      .map((p) => [p.type, p.value]),
  );
  const shown = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return new Date(guess.getTime() - (shown - guess.getTime()));
}

const pdfString = (text: string): string => text.replace(/[\\()]/g, (c) => `\\${c}`);

/** A one-page PDF of these lines (Helvetica, Windows-1252, which covers French), with its cross-reference table. */
function textPdf(title: string, lines: readonly string[]): Buffer {
  const content = [
    'BT /F1 16 Tf 72 720 Td',
    `(${pdfString(title)}) Tj`,
    '/F1 11 Tf 0 -30 Td 16 TL',
    ...lines.map((line) => `(${pdfString(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${Buffer.byteLength(content, 'latin1')}>>\nstream\n${content}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A raw message as a mail client would hand it to Copro's SMTP listener. */
const rawMail = (mail: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> =>
  new MailComposer(mail).compile().build();

const longDate = (date: string, language: 'fr' | 'en'): string =>
  new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

export async function seedDemoCommunications(
  platform: Platform,
  buildingId: string,
  people: DemoCommunicationsPeople,
): Promise<void> {
  const [b] = await platform.db.select().from(building).where(eq(building.id, buildingId));
  if (!b) throw new Error('demo communications: no building');
  const row: BuildingRow = b;
  const today = buildingToday(row, platform.clock.now());
  const at = (daysAgo: number, time: string): Date => localTime(row.timeZone, addDays(today, -daysAgo), time);
  const policy = policyOf(row);
  const roleOf = {
    [people.admin.id]: 'admin',
    [people.handler.id]: 'handler',
    [people.owner.id]: 'owner',
    [people.resident.id]: 'resident',
    [people.approver.id]: 'approver',
  } as const;
  const requestsContext = (who: LogSource, when: Date): RequestsContext => {
    const actor = { role: roleOf[who.id] ?? null, banned: false };
    return {
      buildingId,
      buildingName: row.name,
      buildingGroupId: row.buildingGroupId,
      tagsMandatory: row.requestTagsMandatory,
      user: sessionUserOf(who),
      source: who,
      canHandle: can(actor, 'requests.handle', policy),
      readsAll: can(actor, 'requests.handle', policy),
      canCreateOwn: can(actor, 'requests.create.self', policy),
      language: languageOf(row.locale),
      today: buildingToday(row, when),
    };
  };
  const writer = (who: LogSource) => ({ source: who, language: languageOf(row.locale) });
  const keeper = { kind: 'building' as const, buildingId, buildingGroupId: row.buildingGroupId };
  /** The platform as it stood at `when`: what arrives or is sent then is dated then. */
  const platformAt = (when: Date): Platform => ({ ...platform, clock: new FixedClock(when) });

  // ------------------------------------------------------------ settings, tags, templates, posts
  const setup = await transactionWithFiles(platform.db, platform.storage, async (tx: Tx, files) => {
    await saveReminderSettings(tx, buildingId, people.admin, {
      ...defaultReminderSettings,
      enabled: ['insuranceExpiring', 'waterHeaterWarranty'],
      insuranceDaysBefore: 30,
    });

    const tag = (name: string, color: string, defaultHandlerId: string | null = null) =>
      createTag(tx, keeper, writer(people.admin), { name, color, defaultHandlerId });
    const plumbing = await tag('Plomberie', '#1c7ed6', people.handler.id);
    const elevator = await tag('Ascenseur', '#f08c00');
    const noise = await tag('Bruit', '#e03131');
    const parking = await tag('Stationnement', '#2f9e44');

    await createEmailTemplate(tx, keeper, writer(people.admin), {
      name: 'Accusé de réception',
      subject: 'Demande n° {{requestNumber}} : bien reçue',
      body:
        '<p>Bonjour {{recipientName}},</p><p>Nous avons bien reçu votre demande n° {{requestNumber}} ' +
        '({{requestTitle}}). {{handlerName}} s’en occupe et vous reviendra sous peu.</p>' +
        '<p>Le gestionnaire de {{buildingName}}</p>',
      tags: [],
    });
    await createEmailTemplate(tx, keeper, writer(people.admin), {
      name: 'Rendez-vous plombier',
      subject: 'Demande n° {{requestNumber}} : visite du plombier',
      body:
        '<p>Bonjour {{recipientName}},</p><p>Plomberie Saint-Laurent passera à l’unité {{unitNumber}} ' +
        'pour votre demande n° {{requestNumber}}. Merci de nous indiquer vos disponibilités en ' +
        'semaine, entre 8 h et 16 h, et de dégager l’accès sous l’évier.</p><p>{{handlerName}}</p>',
      tags: [plumbing.uuid],
    });

    const templateContext = (owner: Parameters<typeof createPostTemplate>[1]['owner']) => ({
      owner,
      source: people.admin,
      language: languageOf(row.locale),
    });
    await createPostTemplate(tx, templateContext({ kind: 'building', buildingId }), {
      name: 'Travaux',
      sendEmail: true,
      recipients: ['all'],
      texts: {
        fr: {
          title: 'Avis de travaux',
          body:
            '<p>Bonjour {{recipientName}},</p><p>Des travaux auront lieu le [date], de [heure] à [heure] : ' +
            '[nature des travaux]. Merci de votre compréhension.</p><p>Le conseil d’administration</p>',
        },
        en: {
          title: 'Works notice',
          body:
            '<p>Hello {{recipientName}},</p><p>Works will take place on [date], from [time] to [time]: ' +
            '[nature of the works]. Thank you for your understanding.</p><p>The board of directors</p>',
        },
      },
    });
    await createPostTemplate(tx, templateContext({ kind: 'group', buildingGroupId: row.buildingGroupId }), {
      name: 'Déneigement',
      sendEmail: true,
      recipients: ['parkings'],
      texts: {
        fr: {
          title: 'Déneigement du stationnement',
          body:
            '<p>Le stationnement extérieur de {{buildingName}} sera déneigé le [date] à partir de [heure]. ' +
            'Merci de déplacer votre véhicule avant cette heure.</p>',
        },
        en: {
          title: 'Parking lot snow removal',
          body:
            '<p>The outdoor parking of {{buildingName}} will be cleared of snow on [date] from [time]. ' +
            'Please move your vehicle before then.</p>',
        },
      },
    });

    const author = people.admin;
    const postContext = (date: string): PostContext => ({
      building: row,
      role: 'admin',
      user: { id: author.id, name: author.name ?? '', email: author.email ?? '' },
      source: author,
      language: languageOf(row.locale),
      today: date,
    });
    const post = (date: string, input: PostInput, uploads: Parameters<typeof createPost>[5] = []) =>
      createPost(tx, files, platform.mailer, postContext(date), { ...input, date }, uploads);

    const meetingDay = addDays(today, 21);
    await post(
      addDays(today, -13),
      {
        recipients: ['all'],
        sendEmail: true,
        texts: {
          fr: {
            title: demoMeetingNotice.fr,
            body:
              `<p>Bonjour {{recipientName}},</p><p>Vous êtes convoqué(e) à l’assemblée générale annuelle ` +
              `des copropriétaires de {{buildingName}}, le <strong>${longDate(meetingDay, 'fr')} à 19 h</strong>, ` +
              'à la salle communautaire (rez-de-chaussée).</p><p>L’ordre du jour est joint. Un copropriétaire ' +
              'qui ne peut y assister peut s’y faire représenter par un mandataire muni d’une procuration ' +
              'écrite.</p><p>Le conseil d’administration</p>',
          },
          en: {
            title: demoMeetingNotice.en,
            body:
              `<p>Hello {{recipientName}},</p><p>You are invited to the annual general meeting of the ` +
              `co-owners of {{buildingName}}, on <strong>${longDate(meetingDay, 'en')} at 7 p.m.</strong>, ` +
              'in the community room (ground floor).</p><p>The agenda is attached. A co-owner who cannot ' +
              'attend may be represented by a proxy holding a written power of attorney.</p>' +
              '<p>The board of directors</p>',
          },
        },
      },
      [
        {
          fileName: 'ordre-du-jour-AGA.pdf',
          mimeType: 'application/pdf',
          bytes: textPdf(`Assemblée générale annuelle - ${row.name}`, [
            `${longDate(meetingDay, 'fr')}, 19 h, salle communautaire`,
            '',
            '1. Ouverture de l’assemblée et vérification du quorum',
            '2. Adoption de l’ordre du jour',
            '3. Adoption du procès-verbal de la dernière assemblée',
            '4. Rapport du conseil d’administration',
            '5. États financiers de l’exercice',
            '6. Budget et fonds de prévoyance',
            '7. Élection des administrateurs',
            '8. Varia',
            '9. Levée de l’assemblée',
          ]),
        },
      ],
    );
    const shutOffDay = addDays(today, 2);
    await post(addDays(today, -4), {
      recipients: ['floor-3'],
      sendEmail: true,
      texts: {
        fr: {
          title: 'Coupure d’eau au 3e étage',
          body:
            `<p>Bonjour {{recipientName}},</p><p>L’eau sera coupée au 3e étage le ` +
            `<strong>${longDate(shutOffDay, 'fr')}, de 9 h à midi</strong>, pour le remplacement ` +
            'd’une valve de la colonne d’eau froide par Plomberie Saint-Laurent.</p><p>Prévoyez de l’eau ' +
            'pour ces heures et gardez vos robinets fermés. Merci de votre compréhension.</p>',
        },
      },
    });
    const cleaningDay = addDays(today, 10);
    await post(today, {
      recipients: ['parkings'],
      sendEmail: false,
      texts: {
        fr: {
          title: 'Nettoyage du garage',
          body:
            `<p>Le garage sera nettoyé à grande eau le <strong>${longDate(cleaningDay, 'fr')}, de 8 h à ` +
            '17 h</strong>. Merci de libérer votre espace de stationnement la veille au soir ; un véhicule ' +
            'laissé sur place ne pourra pas être nettoyé autour.</p>',
        },
        en: {
          title: 'Garage cleaning',
          body:
            `<p>The garage will be washed on <strong>${longDate(cleaningDay, 'en')}, from 8 a.m. to ` +
            '5 p.m.</strong> Please move your vehicle out of your parking space the evening before; the ' +
            'space around a vehicle left in place cannot be cleaned.</p>',
        },
      },
    });
    return { plumbing, elevator, noise, parking };
  });

  // The reminders of today, as the daily run sends them: what the registry's dates make due.
  await runBuildingAutomaticMails(
    platform.db,
    { mailer: platform.mailer, publicUrl: platform.config.publicUrl },
    buildingId,
    today,
  );

  // ------------------------------------------------------------ requests, in the order they came
  const write = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => platform.db.transaction(work);
  const units = await platform.db.transaction((tx) =>
    unitsOffered(tx, requestsContext(people.admin, platform.clock.now())),
  );
  const unitOf = (number: string): string => {
    const found = units.find((u) => u.number === number);
    if (!found) throw new Error(`demo communications: no unit ${number}`);
    return found.uuid;
  };
  const create = (who: LogSource, when: Date, body: Parameters<typeof createRequest>[2]) =>
    write((tx) => createRequest(tx, requestsContext(who, when), body, when));
  const edit = (request: RequestDetail, when: Date, body: RequestEdit) =>
    write((tx) => editRequest(tx, requestsContext(people.handler, when), request.uuid, body, when));
  const note = (request: RequestDetail, when: Date, text: string) =>
    write((tx) => addNote(tx, requestsContext(people.handler, when), request.uuid, text, when));
  const { plumbing, elevator, noise, parking } = setup;

  const lift = await create(people.approver, at(26, '07:42'), {
    title: 'Ascenseur en panne',
    description:
      'L’ascenseur est bloqué au 4e étage depuis ce matin, porte ouverte. Plusieurs résidents âgés ' +
      'du 5e et du 6e ne peuvent pas descendre.',
    unitUuid: unitOf('604'),
    tags: [elevator.uuid],
  });
  await edit(lift, at(26, '08:15'), { status: 'underway', assigneeId: people.handler.id });
  await note(
    lift,
    at(26, '08:20'),
    'Appel de service à Ascenseurs Atlas (contrat d’entretien), technicien attendu avant midi.',
  );
  await note(
    lift,
    at(25, '16:05'),
    'Contacteur de porte remplacé par Atlas ; ascenseur remis en service. Facture couverte par le contrat.',
  );
  await edit(lift, at(25, '16:10'), { status: 'closed' });

  const visitor = await create(people.owner, at(21, '19:30'), {
    title: 'Visitor parking for a moving truck',
    description:
      'My daughter moves in with me next Saturday. May a small moving truck stay in the visitor ' +
      'spaces from 8 a.m. to noon?',
    unitUuid: unitOf('201'),
    tags: [parking.uuid],
  });
  await note(
    visitor,
    at(20, '10:02'),
    'Répondu par téléphone : d’accord pour les deux places visiteurs de 8 h à midi, affiche posée à l’entrée.',
  );
  await edit(visitor, at(20, '10:05'), { status: 'closed', assigneeId: people.handler.id });

  const noisy = await create(people.resident, at(15, '23:48'), {
    title: 'Bruit la nuit au-dessus du 204',
    description:
      'Depuis une semaine, musique forte et pas lourds après 23 h au-dessus de chez moi (unité 304, ' +
      'je crois). Le règlement de l’immeuble demande le silence après 22 h.',
    unitUuid: unitOf('204'),
    tags: [noise.uuid],
  });
  await edit(noisy, at(14, '09:10'), { status: 'underway', assigneeId: people.handler.id });
  await note(
    noisy,
    at(14, '09:12'),
    'Note interne : lettre de rappel du règlement (art. 12, bruit) déposée au 304. Si ça continue, ' +
      'avis formel du conseil.',
  );

  // The owner writes to the building's request address; the listener's path files it.
  const address = `${row.ref}@${platform.config.mailInDomain}`;
  const fobMessageId = `<fob-201.${today}@mail.example.com>`;
  await receiveMessage(
    platformAt(at(11, '08:31')),
    await rawMail({
      from: '"Olivia Owner" <owner@example.com>',
      to: address,
      subject: 'My fob no longer opens the bike room',
      messageId: fobMessageId,
      date: at(11, '08:31'),
      text:
        'Hello,\n\nSince yesterday my fob (unit 201) opens the front door but not the bike room in the ' +
        'garage. Could someone look into it?\n\nThank you,\nOlivia Owner',
    }),
    [address],
  );
  const handlerNow = requestsContext(people.handler, at(11, '09:00'));
  const fob = (await listRequests(platform.db, handlerNow, { q: 'owner@example.com' })).items.find(
    (r) => r.fromEmail,
  );
  if (!fob) throw new Error('demo communications: the owner’s email opened no request');
  const mailContext = {
    building: row,
    buildingId,
    userId: people.handler.id,
    source: people.handler,
    language: languageOf(row.locale),
  };
  const [first] = await conversationRows(platform.db, buildingId, fob.uuid);
  const replyAt = at(10, '14:05');
  await transactionWithFiles(platform.db, platform.storage, async (tx, files) => {
    if (first) await markRead(tx, platformAt(at(11, '09:00')), mailContext, first.uuid, true);
    await editRequest(
      tx,
      requestsContext(people.handler, replyAt),
      fob.uuid,
      { status: 'underway', assigneeId: people.handler.id },
      replyAt,
    );
    await sendReply(tx, files, platformAt(replyAt), mailContext, fob.uuid, {
      reply: {
        to: ['owner@example.com'],
        cc: [],
        subject: 'Re: My fob no longer opens the bike room',
        body:
          '<p>Hello Ms. Owner,</p><p>The bike room reader had lost part of its list. I have added your ' +
          'fob again: could you try it and tell me whether it works?</p><p>Henri Handler</p>',
      },
      files: [],
    });
  });
  const [, reply] = await conversationRows(platform.db, buildingId, fob.uuid);
  // Her mail client answers our reply: In-Reply-To and References name it, which threads it.
  const answerAt = at(9, '18:40');
  await receiveMessage(
    platformAt(answerAt),
    await rawMail({
      from: '"Olivia Owner" <owner@example.com>',
      to: address,
      subject: 'Re: My fob no longer opens the bike room',
      messageId: `<fob-201.answer.${today}@mail.example.com>`,
      ...(reply?.messageId
        ? { inReplyTo: reply.messageId, references: [fobMessageId, reply.messageId] }
        : {}),
      date: answerAt,
      text: 'It works again, thank you!\n\nOlivia',
    }),
    [address],
  );

  await create(people.admin, at(6, '11:20'), {
    title: 'Ampoules grillées dans le corridor du 3e',
    description: 'Trois plafonniers éteints près de l’ascenseur du 3e étage.',
    tags: [],
  });

  const door = await create(people.handler, at(4, '08:05'), {
    title: 'Porte du garage lente à se refermer',
    description:
      'La porte du garage met plus d’une minute à se refermer et remonte parfois seule. À faire ' +
      'vérifier avant l’hiver.',
    tags: [parking.uuid],
  });
  await edit(door, at(3, '13:30'), { status: 'underway', assigneeId: people.handler.id });

  await create(people.owner, at(2, '07:55'), {
    title: 'Leaking kitchen faucet',
    description:
      'The kitchen faucet drips constantly, even fully closed, and there is water in the cabinet under ' +
      'the sink.',
    unitUuid: unitOf('201'),
    tags: [plumbing.uuid],
  });

  // A stranger's offer: nobody in the building knows the sender, so it waits in `unknown`.
  const strangerAt = at(1, '16:20');
  await receiveMessage(
    platformAt(strangerAt),
    await rawMail({
      from: '"Toitures Express" <soumissions@toitures-express.example.com>',
      to: address,
      subject: 'Inspection de toiture gratuite avant l’hiver',
      messageId: `<offre.${today}@toitures-express.example.com>`,
      date: strangerAt,
      text:
        'Bonjour,\n\nNous offrons une inspection gratuite des toitures plates de votre secteur. ' +
        'Répondez à ce courriel pour fixer un rendez-vous.\n\nToitures Express',
    }),
    [address],
  );
}
