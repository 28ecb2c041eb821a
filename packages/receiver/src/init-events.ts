import { versionCatalogue } from './version-catalogue.js';

interface ScaffoldEvent {
  kind: 'webhook' | 'callback';
  name: string;
  /** Import binding of its handler; callbacks get a `Callback` suffix (a name can be both). */
  binding: string;
  /** Its handler file, relative to the project. */
  file: string;
  text: boolean;
}

const identifier = (name: string) => name.replace(/[^A-Za-z0-9_$]/g, '_').replace(/^(\d)/, '_$1');
const key = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name));

/**
 * The payload version the hand-written handlers of templates/init/src/handlers/ are written
 * for; a project of another version gets generic handlers typed for its own.
 */
export const TEMPLATE_PAYLOAD_VERSION = 1;

/** Every webhook and callback of payload `version` of the spec, as the scaffold names them. */
export function eventsOf(version: number): readonly ScaffoldEvent[] {
  return versionCatalogue(version, 'init').map((e) => ({
    kind: e.kind,
    name: e.name,
    binding: `${identifier(e.name)}${e.kind === 'callback' ? 'Callback' : ''}`,
    file: `src/handlers/${e.kind}s/${e.name}.ts`,
    text: e.contentType.startsWith('text/'),
  }));
}

/** A handler of payload `version` for an event the templates have no hand-written example of. */
export function genericHandler(event: ScaffoldEvent, version: number): string {
  const type = event.kind === 'webhook' ? 'WebhookHandler' : 'CallbackHandler';
  const payload = event.text ? 'text' : 'payload';
  return `import type { ${type} } from '@clubnotify/receiver';

/** The \`${event.name}\` ${event.kind}; its payload is typed from the spec. Throw to have the message retried. */
export const ${identifier(event.name)}: ${type}<${JSON.stringify(event.name).replaceAll('"', "'")}, ${version}> = async (${payload}, ctx) => {
  console.log(\`[\${ctx.id}] ${event.kind} ${event.name} (attempt \${ctx.attempt}):\`, ${payload});
};
`;
}

/** The `{{...}}` placeholders of the templates that list events, for a project of payload `version`. */
export function eventPlaceholders(version: number): Record<string, string> {
  const scaffoldEvents = eventsOf(version);
  const of = (kind: ScaffoldEvent['kind']) => scaffoldEvents.filter((e) => e.kind === kind);
  const entries = (kind: ScaffoldEvent['kind']) =>
    of(kind)
      .map((e) => (key(e.name) === e.binding ? e.binding : `${key(e.name)}: ${e.binding}`))
      .join(', ');
  const exported = (e: ScaffoldEvent) => identifier(e.name);
  return {
    '{{handlerImports}}': scaffoldEvents
      .map((e) => {
        const name = exported(e) === e.binding ? e.binding : `${exported(e)} as ${e.binding}`;
        return `import { ${name} } from './${e.file.slice('src/'.length).replace(/\.ts$/, '.js')}';`;
      })
      .join('\n'),
    '{{webhookHandlers}}': entries('webhook'),
    '{{callbackHandlers}}': entries('callback'),
    '{{eventList}}': scaffoldEvents
      .map((e) => `[${JSON.stringify(e.kind).replaceAll('"', "'")}, ${JSON.stringify(e.name).replaceAll('"', "'")}]`)
      .join(', '),
    '{{routes}}': scaffoldEvents.map((e) => `\`POST /${e.kind}s/${e.name}\``).join(', '),
    '{{exampleWebhook}}': of('webhook')[0]?.name ?? '',
    '{{payloadVersion}}': String(version),
  };
}
