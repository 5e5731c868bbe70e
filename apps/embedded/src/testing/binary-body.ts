import type request from 'supertest';

/** A supertest parser that keeps a response's body as its bytes (`.buffer(true).parse(binary)`): files, audio, workbooks. */
export const binary = (response: request.Response, callback: (error: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
};
