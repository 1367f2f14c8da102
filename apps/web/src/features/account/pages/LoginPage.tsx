import { useState } from 'react';
import { Tabs } from '../../../components/ui/Tabs';
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
  const [backFromForgot, setBackFromForgot] = useState(false);

  return (
    <div className={styles['login']}>
      <section className={cx(styles['login__card'], 'card')} aria-labelledby="login-title">
        <div className={styles['login__brand']}>
          <Logo size={48} />
          <h1 id="login-title">Espace membre</h1>
        </div>
        {forgot ? (
          <ForgotPasswordForm
            onBack={() => {
              setForgot(false);
              setBackFromForgot(true);
            }}
          />
        ) : (
          <Tabs
            label="Connexion ou inscription"
            value={tab}
            onValueChange={(next) => {
              setTab(next);
              // Only the return from the forgotten-password form moves the focus to its link.
              setBackFromForgot(false);
            }}
            listClassName={styles['login__tabs']}
            triggerClassName={styles['login__tab']}
            panelClassName="login__panel"
            tabs={[
              {
                value: 'connexion',
                label: 'Connexion',
                panel: (
                  <LoginForm
                    onForgotPassword={() => setForgot(true)}
                    backFromForgot={backFromForgot}
                  />
                ),
              },
              {
                value: 'inscription',
                label: 'Inscription',
                panel: <RegisterForm onRegistered={() => setTab('connexion')} />,
              },
            ]}
          />
        )}
        <p className={styles['login__legal']}>
          <Link to="/traitement-donnees">Traitement des données personnelles</Link>
        </p>
      </section>
    </div>
  );
}
