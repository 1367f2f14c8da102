import { useState } from 'react';
import { toast } from 'sonner';
import { NEWS_MESSAGES as M, type NewsItem } from '@munegu/shared';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Dialog, DialogCancel, DialogFooter } from '../../../components/ui/Dialog';
import { FormField, invalidProps } from '../../../components/ui/FormField';
import { errorMessage } from '../../../lib/api';
import {
  DuplicatePost,
  useDeleteNews,
  useProxyTweet,
  usePublishNews,
  useUpdateNews,
} from '../mutations';
import { NewsEditDialog, type NewsDraft } from './NewsEditDialog';
import styles from './NewsEditor.module.css';

/** 'Ajouter un article': a post link, then the 'ÉDITION ACTU' form prefilled from the post. */
export function AddNewsButton() {
  const [step, setStep] = useState<'closed' | 'link' | 'edit'>('closed');
  const [url, setUrl] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [draft, setDraft] = useState<NewsDraft | null>(null);
  const proxy = useProxyTweet();
  const publish = usePublishNews();
  const close = () => {
    setStep('closed');
    setUrl('');
    setLinkError(null);
    setFailure(null);
  };

  const fetchPost = () => {
    setLinkError(null);
    proxy.mutate(url.trim(), {
      onSuccess: (post) => {
        toast.success(M.fetched);
        setDraft({
          titre: '',
          contenu: post.text,
          image: post.image,
          categorieId: null,
          imageObjectPosY: 10,
        });
        setStep('edit');
      },
      onError: (error) =>
        setLinkError(
          error instanceof DuplicatePost ? M.duplicate : errorMessage(error, M.fetchFailed),
        ),
    });
  };

  return (
    <>
      <button type="button" className="btn btn--primary" onClick={() => setStep('link')}>
        Ajouter un article
      </button>
      <Dialog
        open={step === 'link'}
        onClose={close}
        title="Ajouter un article"
        description="Colle le lien d’un post du compte X du club."
        descriptionClassName="field__hint"
        wide
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (url.trim()) fetchPost();
          }}
        >
          <FormField id="news-link" label="Lien du post" error={linkError ?? undefined}>
            <input
              {...invalidProps('news-link', linkError ?? undefined)}
              className="input"
              type="url"
              inputMode="url"
              placeholder="https://x.com/…/status/…"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          </FormField>
          <DialogFooter>
            <DialogCancel />
            <button
              type="submit"
              className="btn btn--primary"
              disabled={!url.trim() || proxy.isPending}
            >
              {proxy.isPending ? 'Récupération...' : 'Récupérer le post'}
            </button>
          </DialogFooter>
        </form>
      </Dialog>
      {step === 'edit' && draft && (
        <NewsEditDialog
          open
          draft={draft}
          busy={publish.isPending}
          failure={failure}
          onClose={close}
          onSubmit={(values) =>
            publish.mutate(
              {
                titre: values.titre,
                contenu: values.contenu,
                image: values.image,
                lien: url.trim(),
                categorieId: values.categorieId,
                imageObjectPosY: values.imageObjectPosY,
              },
              {
                onSuccess: () => {
                  toast.success(M.published);
                  close();
                },
                onError: (error) => setFailure(errorMessage(error, M.createFailed)),
              },
            )
          }
        />
      )}
    </>
  );
}

/** 'Éditer' and 'Supprimer' under a news tile (the server lets the author and moderators). */
export function NewsItemActions({ item }: { item: NewsItem }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateNews();
  const remove = useDeleteNews();
  return (
    <div className={styles['news-actions']} role="group" aria-label={`Gérer « ${item.titre} »`}>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditing(true)}>
        Éditer
      </button>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => setDeleting(true)}>
        Supprimer
      </button>
      {editing && (
        <NewsEditDialog
          open
          draft={{
            titre: item.titre,
            contenu: item.contenu,
            image: item.image,
            categorieId: item.categorie.id,
            imageObjectPosY: item.imageObjectPosY,
          }}
          busy={update.isPending}
          failure={failure}
          onClose={() => {
            setEditing(false);
            setFailure(null);
          }}
          onSubmit={(values) =>
            update.mutate(
              {
                id: item.id,
                body: {
                  titre: values.titre,
                  contenu: values.contenu,
                  categorieId: values.categorieId,
                  imageObjectPosY: values.imageObjectPosY,
                },
              },
              {
                onSuccess: () => {
                  toast.success(M.updated);
                  setEditing(false);
                },
                onError: (error) => setFailure(errorMessage(error, M.updateFailed)),
              },
            )
          }
        />
      )}
      <ConfirmDialog
        open={deleting}
        title="Supprimer l’actualité"
        message={M.confirmDelete}
        confirmLabel="Supprimer"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(item.id, {
            onSuccess: () => {
              toast.success(M.deleted);
              setDeleting(false);
            },
            onError: () => toast.error(M.deleteFailed),
          })
        }
      />
    </div>
  );
}
