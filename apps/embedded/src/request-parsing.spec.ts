import { describe, expect, it } from '@jest/globals';
import { MODULE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RequestMethod, type Type } from '@nestjs/common';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { CommandApiModule } from '@beacon/command-api';
import { ROUTE_SCHEMAS, ROUTES, type RouteName } from '@beacon/contracts';
import { DispatchWorkerModule } from '@beacon/dispatch-worker';
import { ZodBodyPipe, ZodQueryPipe } from '@beacon/platform';
import { QueryApiModule } from '@beacon/query-api';

/**
 * Every request is parsed at the edge by its route's zod schema (docs/decisions.md, "Requests parsed
 * at the edge"): each handler argument that reads the body or the query string has our pipe, and
 * each route whose schemas say it takes a body or a query has a handler that parses them.
 */

/** Routes that take a body the handler reads otherwise, and why. */
const READ_OTHERWISE: ReadonlyMap<RouteName, string> = new Map([
  ['storageUpload', 'streams its form, the signed fields checked as the file begins, so none of a refused file is kept'],
  ['emailProviderCallback', "checks the body's signature over its raw text first (401 unsigned, 404 with no secret set), then parses it with its schema"],
  ['twilioStatusCallback', "checks Twilio's signature over the address and the form as sent first (403 unsigned, 404 with no Twilio account), then reads the fields"],
  ['twilioIncomingMessage', "checks Twilio's signature over the address and the form as sent first (403 unsigned, 404 with no Twilio account), then reads the fields"],
  ['twilioGather', "checks Twilio's signature over the address and the form as sent first (403 unsigned, 404 with no Twilio account), then reads the key pressed"],
  ['twilioConferenceCall', "checks Twilio's signature over the address and the form as sent first (403 unsigned, 404 with no Twilio account), then reads the fields"],
  ['twilioConferenceRecording', "checks Twilio's signature over the address and the form as sent first (403 unsigned, 404 with no Twilio account), then reads the recording's fields"],
]);

interface RouteArgument {
  readonly index: number;
  readonly data?: unknown;
  readonly pipes: readonly unknown[];
}

interface Handler {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly arguments: readonly (RouteArgument & { readonly type: number })[];
}

/** The controllers of a module and of every module it imports (one Nest module per feature). */
function controllersOf(module: Type, seen = new Set<Type>()): Type[] {
  if (seen.has(module)) return [];
  seen.add(module);
  const imports: unknown[] = Reflect.getMetadata(MODULE_METADATA.IMPORTS, module) ?? [];
  const imported = imports.map((entry) => (typeof entry === 'function' ? entry : (entry as { module?: Type }).module)).filter((entry): entry is Type => entry !== undefined);
  return [...((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module) as Type[] | undefined) ?? []), ...imported.flatMap((entry) => controllersOf(entry, seen))];
}

function handlersOf(module: Type): Handler[] {
  const controllers = controllersOf(module);
  return controllers.flatMap((controller) =>
    Object.getOwnPropertyNames(controller.prototype).flatMap((methodName): Handler[] => {
      const method = controller.prototype[methodName] as object;
      const path: unknown = Reflect.getMetadata(PATH_METADATA, method);
      if (typeof path !== 'string') return [];
      const requestMethod = RequestMethod[Reflect.getMetadata(METHOD_METADATA, method) as RequestMethod];
      const args: Record<string, RouteArgument> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, methodName) ?? {};
      return [
        {
          name: `${controller.name}.${methodName}`,
          method: requestMethod,
          path,
          arguments: Object.entries(args).map(([key, argument]) => ({ ...argument, type: Number(key.split(':')[0]) })),
        },
      ];
    }),
  );
}

const HANDLERS = [...handlersOf(CommandApiModule), ...handlersOf(QueryApiModule), ...handlersOf(DispatchWorkerModule)];
const PARSERS = new Map<number, { readonly what: string; readonly pipe: abstract new (...args: never[]) => unknown }>([
  [RouteParamtypes.BODY, { what: 'body', pipe: ZodBodyPipe }],
  [RouteParamtypes.QUERY, { what: 'query', pipe: ZodQueryPipe }],
]);

describe('requests parsed at the edge', () => {
  it('finds the handlers of both APIs', () => {
    expect(HANDLERS.length).toBeGreaterThan(60);
  });

  it('gives every argument that reads the body or the query string our zod pipe, over the whole of it', () => {
    const unparsed = HANDLERS.flatMap((handler) =>
      handler.arguments.flatMap((argument) => {
        const parser = PARSERS.get(argument.type);
        if (!parser) return [];
        const parsed = argument.data === undefined && argument.pipes.some((pipe) => pipe instanceof parser.pipe);
        return parsed ? [] : [`${handler.name} reads the ${parser.what} without parsing it with its schema`];
      }),
    );
    expect(unparsed).toEqual([]);
  });

  it('parses the body and the query of every route whose schemas say it takes them', () => {
    const missing = (Object.keys(ROUTES) as RouteName[]).flatMap((name) => {
      const schemas = ROUTE_SCHEMAS[name];
      const route = ROUTES[name];
      if (READ_OTHERWISE.has(name)) return [];
      const handler = HANDLERS.find((candidate) => candidate.method === route.method && candidate.path === route.path);
      if (!handler) return [`${name}: no handler for ${route.method} ${route.path}`];
      const parses = (type: number) => handler.arguments.some((argument) => argument.type === type && argument.pipes.length > 0);
      const wanted = [
        ...(schemas.body || schemas.multipart || schemas.form ? [RouteParamtypes.BODY] : []),
        ...(schemas.query || schemas.jsonQuery ? [RouteParamtypes.QUERY] : []),
      ];
      return wanted.filter((type) => !parses(type)).map((type) => `${name} (${handler.name}) does not parse its ${PARSERS.get(type)!.what}`);
    });
    expect(missing).toEqual([]);
  });
});
