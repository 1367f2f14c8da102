-- CreateIndex
CREATE INDEX "users_classement_prono_pseudo_key_idx" ON "users"("classement_prono", "pseudo_key");

