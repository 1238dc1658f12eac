/**
 * Login (/acceso): user and password (domain `loginSchema`: user
 * required and alphanumeric, password required), messages only when invalid and touched, a
 * password-help link and a submit button. The session work itself is injected (`onLogin`) by
 * the app, which owns the session life cycle.
 */
import { useLayoutEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LoginInput, LoginValues } from '#domain/forms/login';
import { isApiError, isNetworkError } from '#api/errors';
import { Form } from '#ui/form.tsx';
import { PasswordField, TextField } from '#ui/text-fields.tsx';
import { Button } from '#ui/button.tsx';
import { showError } from '#ui/error-store.ts';
import { takeHeldSubmit, typedBeforeApp, typedDuringTakeover } from '#ui/typed-before-app.ts';

/** Where the form posts without the app (the server answers with the page again). */
const LOGIN_ACTION = '/acceso';

export interface LoginScreenProps {
  onLogin: (values: LoginValues) => Promise<void>;
}

/** The error modal's two cases: any server answer to a bad login vs. no answer at all. */
function loginFailureKey(error: unknown): string | null {
  if (isApiError(error) && (error.status === 400 || error.status === 401))
    return 'auth.wrongCredentials';
  if (isNetworkError(error)) return 'auth.noResponse';
  return null;
}

/** The login rule, fetched on the form's first check (login-validation.ts). */
const loginResolver: Resolver<LoginInput, unknown, LoginValues> = async (
  values,
  context,
  options,
) => {
  const validation = await import('./login-validation.ts');
  return validation.loginResolver(values, context, options);
};

export function LoginScreen({ onLogin }: LoginScreenProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginInput, unknown, LoginValues>({
    resolver: loginResolver,
    // On a first visit the form was on screen before the script: it keeps what was typed there.
    defaultValues: { username: typedBeforeApp('username'), password: typedBeforeApp('password') },
    mode: 'onTouched',
  });

  async function submit(values: LoginValues) {
    setFailure(null);
    try {
      await onLogin(values);
    } catch (error) {
      const key = loginFailureKey(error);
      if (key) setFailure(key);
      else showError(error);
    }
  }

  // What was typed while the app took the page over, then "Entrar" if it was tapped meanwhile.
  useLayoutEffect(() => {
    for (const name of ['username', 'password'] as const) {
      const typed = typedDuringTakeover(name);
      if (typed !== undefined && typed !== form.getValues(name)) form.setValue(name, typed);
    }
    if (takeHeldSubmit(LOGIN_ACTION)) void form.handleSubmit(submit)();
    // Once, on the first mount: the held send is the one of the page the app took over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section className="screen login-screen">
      <div className="card login-card">
        <h1 className="screen-title">{t('auth.title')}</h1>
        <p className="screen-lead">{t('auth.intro')}</p>
        <Form
          form={form}
          onSubmit={submit}
          confirm={false}
          className="form login-form"
          nativeAction={LOGIN_ACTION}
        >
          <TextField name="username" label={t('auth.username')} autoComplete="username" required />
          <PasswordField
            name="password"
            label={t('auth.password')}
            autoComplete="current-password"
            required
          />
          {failure ? (
            <p className="login-failure" role="alert">
              {t(failure)}
            </p>
          ) : null}
          <Button
            type="submit"
            variant="primary"
            className="login-submit"
            busy={form.formState.isSubmitting}
          >
            {form.formState.isSubmitting ? t('auth.submitting') : t('auth.submit')}
          </Button>
          <Link className="login-help" to="/contacto">
            {t('auth.passwordHelp')}
          </Link>
        </Form>
      </div>
    </section>
  );
}
