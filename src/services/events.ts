import type { Http } from './http';

/** What events/ticket answers: a one-time ticket valid until expires_at, and the stream's path with it. */
export interface EventTicket {
  ticket: string;
  expires_at: number;
  url: string;
}

/** Live order events (issue 18): a one-time ticket behind the session, and the stream address it opens. */
export function eventsApi(http: Http) {
  return {
    /** A new one-time ticket (every connection needs its own: a ticket opens one stream, once). */
    ticket: () => http.post<EventTicket>('events/ticket', {}),
    /** The absolute address of the stream for a ticket (the API host in the mini program). */
    streamUrl: (ticket: string) => http.url('events', { ticket }),
  };
}

export type EventsApi = ReturnType<typeof eventsApi>;
