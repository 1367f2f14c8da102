import { useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { NEWS_TEXTS as M, type NewsItem } from '@munegu/shared';
import { Dialog, DialogCancel, DialogFooter } from '../../../components/ui/Dialog';
import { FormField, invalidProps } from '../../../components/ui/FormField';
import { errorMessage, isApiError } from '../../../lib/api';
import {
  DuplicatePost,
  useDeleteNews,
  useProxyTweet,
  usePublishNews,
  useUpdateNews,
} from '../mutations';
import { NewsEditDialog, type NewsDraft } from './NewsEditDialog';
import { EditDeleteActions } from './EditDeleteActions';
import { Button } from '../../../components/ui/Button';

/** The fields an editor writes in 'ÉDITION ACTU' (the image and the link come from the post). */
const editable = (v: NewsDraft & { categorieId: number }) => ({
  titre: v.titre,
  contenu: v.contenu,
  categorieId: v.categorieId,
  imageObjectPosY: v.imageObjectPosY,
});

/**
 * What a save says: the spec's success toast, or its failure text inside the form. An item gone
 * meanwhile (404) leaves the list as it is refreshed, and its form with it: that failure is a
 * toast, which outlives the form.
 */
const outcome = (
  success: string,
  failure: string,
  done: () => void,
  fail: (message: string) => void,
) => ({
  onSuccess: () => {
    toast.success(success);
    done();
  },
  onError: (error: unknown) => {
    if (!isApiError(error) || error.status !== 404) return fail(errorMessage(error, failure));
    toast.error(errorMessage(error, failure));
    done();
  },
});

/** 'Ajouter un article': a post link, then the 'ÉDITION ACTU' form prefilled from the post. */
export function AddNewsButton() {
  const [step, setStep] = useState<'closed' | 'link' | 'edit'>('closed');
  const [url, setUrl] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The post's text and image, with the link they were fetched from: what 'Publier' sends. */
  const [draft, setDraft] = useState<(NewsDraft & { lien: string }) | null>(null);
  /**
   * The link whose fetch is awaited. Annuler or another link typed meanwhile abandons it: its
   * answer, arriving later, must not open the form with one post's text under another's link.
   */
  const awaited = useRef<string | null>(null);
  const proxy = useProxyTweet();
  const publish = usePublishNews();
  const abandonFetch = () => {
    awaited.current = null;
    proxy.reset();
  };
  const changeUrl = (next: string) => {
    setUrl(next);
    if (awaited.current !== null) abandonFetch();
  };
  const close = () => {
    abandonFetch();
    setStep('closed');
    setUrl('');
    setLinkError(null);
    setFailure(null);
  };

  const fetchPost = () => {
    const lien = url.trim();
    setLinkError(null);
    awaited.current = lien;
    proxy.mutate(lien, {
      onSuccess: (post) => {
        if (awaited.current !== lien) return;
        awaited.current = null;
        toast.success(M.fetched);
        setDraft({
          titre: '',
          contenu: post.text,
          image: post.image,
          categorieId: null,
          imageObjectPosY: 10,
          lien,
        });
        setStep('edit');
      },
      onError: (error) => {
        if (awaited.current !== lien) return;
        awaited.current = null;
        setLinkError(
          error instanceof DuplicatePost ? M.duplicate : errorMessage(error, M.fetchFailed),
        );
      },
    });
  };

  return (
    <>
      <Button variant="primary" onClick={() => setStep('link')}>
        Ajouter un article
      </Button>
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
              onChange={(e) => changeUrl(e.target.value)}
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
              { ...editable(values), image: values.image, lien: draft.lien },
              outcome(M.published, M.createFailed, close, setFailure),
            )
          }
        />
      )}
    </>
  );
}

/**
 * 'Éditer' and 'Supprimer' under a news tile. The page shows them only where `mayManageNews`
 * holds (the author, moderators and admins), the rule the server enforces.
 */
export function NewsItemActions({ item }: { item: NewsItem }) {
  const remove = useDeleteNews();
  return (
    <EditDeleteActions
      name={item.titre}
      confirm={M.confirmDelete}
      deleting={remove.isPending}
      onDelete={(done) =>
        remove.mutate(item.id, {
          onSuccess: () => {
            toast.success(M.deleted);
            done();
          },
          // The confirmation closes either way; the toast says why it failed when the server
          // said (e.g. the item is no longer theirs to delete).
          onError: (error) => {
            done();
            toast.error(errorMessage(error, M.deleteFailed));
          },
        })
      }
      editor={(close) => <EditNewsDialog item={item} onClose={close} />}
    />
  );
}

function EditNewsDialog({ item, onClose }: { item: NewsItem; onClose: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateNews();
  return (
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
      onClose={onClose}
      onSubmit={(values) =>
        update.mutate(
          { id: item.id, body: editable(values) },
          outcome(M.updated, M.updateFailed, onClose, setFailure),
        )
      }
    />
  );
}
