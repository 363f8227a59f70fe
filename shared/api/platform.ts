import { z } from 'zod';
import { profileUpdateSchema } from '../users';
import { meResponse } from '../schemas/user';
import { endpoint } from './endpoint';

/** The platform itself: health, the API's own description, and the caller's own record. */
export const getHealth = endpoint({
  method: 'GET',
  path: '/api/health',
  gate: 'public',
  summary: 'Whether the API answers',
  response: z.strictObject({ status: z.literal('ok'), time: z.string() }),
});

export const getOpenApi = endpoint({
  method: 'GET',
  path: '/api/openapi.json',
  gate: 'public',
  summary: 'This description of the API (OpenAPI 3.1)',
  response: z.record(z.string(), z.unknown()),
});

export const getMe = endpoint({
  method: 'GET',
  path: '/api/me',
  gate: 'self',
  summary: 'The signed-in user, with role flags; notes the user as active',
  response: meResponse,
  errors: [403],
});

export const updateMe = endpoint({
  method: 'PATCH',
  path: '/api/me',
  gate: 'self',
  summary: "The signed-in user's own profile fields (name, phone, job title)",
  body: profileUpdateSchema,
  response: meResponse,
  errors: [409],
});
