/**
 * The login form's rule (domain `loginSchema`) as a form resolver, in a chunk of its own: the
 * login screen comes with the app shell, and the schema library is fetched only when the form
 * first checks a field (the private side of the app, fetched meanwhile, brings it anyway).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '#domain/forms/login';

export const loginResolver = zodResolver(loginSchema);
