// The one shape of every error the API answers (src/server/plugins/errors.ts builds it). Named
// `ApiError` in the OpenAPI document, where every route's 4xx answers point to it.
import { z } from 'zod';

export const fieldErrorSchema = z.object({
  field: z.string().meta({ description: 'Where: body.email, params.id, querystring.q ...' }),
  message: z.string(),
});

export const apiErrorSchema = z
  .object({
    statusCode: z.number().int().min(400).max(599),
    error: z.string().meta({ description: "The status code's name, such as 'Not Found'" }),
    message: z.string(),
    fields: z.array(fieldErrorSchema).optional(),
    code: z
      .string()
      .optional()
      .meta({ description: 'Why, for a client to act on: PASSWORD_CHANGE_REQUIRED' }),
  })
  .meta({
    id: 'ApiError',
    description: 'Every error answer: { statusCode, error, message, fields?, code? }',
  });
export type ApiError = z.infer<typeof apiErrorSchema>;
