import { useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { Link } from 'react-router-dom';
import { Logo } from '../../../components/ui/Logo';
import { LoginForm } from '../components/LoginForm';
import { RegisterForm } from '../components/RegisterForm';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm';
import styles from './LoginPage.module.css';
import { cx } from '../../../lib/cx';

type Tab = 'connexion' | 'inscription';

export default function LoginPage() {
  const [tab, setTab] = useState<Tab>('connexion');
  const [forgot, setForgot] = useState(false);

  return (
    <div className={styles['login']}>
      <section className={cx(styles['login__card'], 'card')} aria-labelledby="login-title">
        <div className={styles['login__brand']}>
          <Logo size={48} />
          <h1 id="login-title">Espace membre</h1>
        </div>
        {forgot ? (
          <ForgotPasswordForm onBack={() => setForgot(false)} />
        ) : (
          <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
            <Tabs.List className={styles['login__tabs']} aria-label="Connexion ou inscription">
              <Tabs.Trigger className={styles['login__tab']} value="connexion">
                Connexion
              </Tabs.Trigger>
              <Tabs.Trigger className={styles['login__tab']} value="inscription">
                Inscription
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="connexion" className="login__panel">
              <LoginForm onForgotPassword={() => setForgot(true)} />
            </Tabs.Content>
            <Tabs.Content value="inscription" className="login__panel">
              <RegisterForm onRegistered={() => setTab('connexion')} />
            </Tabs.Content>
          </Tabs.Root>
        )}
        <p className={styles['login__legal']}>
          <Link to="/traitement-donnees">Traitement des données personnelles</Link>
        </p>
      </section>
    </div>
  );
}
