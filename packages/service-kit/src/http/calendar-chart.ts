import { Type } from '@fastify/type-provider-typebox';
import { lastDays, lastMonths } from '@liveedu/calendar';
import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ServiceApp } from '../create-service.ts';
import { errorResponses } from './schemas.ts';

export interface CalendarChart {
  path: string;
  summary: string;
  preHandler: preHandlerHookHandler;
  /** The last `count` calendar days or months (Asia/Kolkata), ending with the current one. */
  per: 'day' | 'month';
  count: number;
  /** The answer's two arrays, as the API spells them: the keys, and one value per key. */
  keysAs: string;
  valuesAs: string;
  values(keys: string[], request: FastifyRequest): Promise<number[]>;
}

/** A chart route: `{ [keysAs]: keys oldest first, [valuesAs]: one value per key }`. */
export function calendarChart(app: ServiceApp, chart: CalendarChart): void {
  const keysOf = chart.per === 'day' ? lastDays : lastMonths;
  const Answer = Type.Object({
    [chart.keysAs]: Type.Array(Type.String()),
    [chart.valuesAs]: Type.Array(Type.Number()),
  });
  app.get(
    chart.path,
    {
      preHandler: chart.preHandler,
      schema: { summary: chart.summary, response: { 200: Answer, ...errorResponses } },
    },
    async (request) => {
      const keys = keysOf(new Date(), chart.count);
      return { [chart.keysAs]: keys, [chart.valuesAs]: await chart.values(keys, request) };
    },
  );
}
