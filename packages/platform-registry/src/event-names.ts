/** Stream, subject and durable names, all derived from one prefix so tests stay isolated. */
export interface EventNames {
  subject(type: string): string;
  streamOf(type: string): string;
  stream(owner: string): string;
  streamSubjects(owner: string): string;
  durable(service: string, handler: string): string;
}

const safe = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, '_');

export function eventNames(prefix: string): EventNames {
  const streamPrefix = prefix ? `${safe(prefix.replace(/\.$/, ''))}_` : '';
  const stream = (owner: string) => `${streamPrefix}${safe(owner).toUpperCase()}`;
  return {
    subject: (type) => `${prefix}${type}`,
    streamOf: (type) => stream(type.slice(0, type.indexOf('.'))),
    stream,
    streamSubjects: (owner) => `${prefix}${owner}.>`,
    durable: (service, handler) => `${streamPrefix}${safe(service)}-${safe(handler)}`,
  };
}
