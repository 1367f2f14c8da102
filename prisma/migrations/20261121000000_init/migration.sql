-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('UTILISATEUR', 'REDACTEUR', 'MODERATEUR', 'ADMIN');

-- CreateEnum
CREATE TYPE "UserStatus" AS ENUM ('PENDING', 'ACTIVE', 'SUSPENDED', 'DELETED');

-- CreateEnum
CREATE TYPE "EmailTokenPurpose" AS ENUM ('CONFIRM_EMAIL', 'RESET_PASSWORD', 'CONFIRM_DELETE', 'CONFIRM_EMAIL_CHANGE', 'STOP_NOTIF_APPLI', 'STOP_NOTIF_PROMO');

-- CreateEnum
CREATE TYPE "NotificationType" AS ENUM ('COVOIT');

-- CreateEnum
CREATE TYPE "ReasonKind" AS ENUM ('ANNULATION', 'EXCLUSION', 'SIGNALEMENT');

-- CreateEnum
CREATE TYPE "ReportStatus" AS ENUM ('OPEN', 'REVIEWED', 'DISMISSED');

-- CreateEnum
CREATE TYPE "MailStatus" AS ENUM ('PENDING', 'SENDING', 'SENT', 'FAILED');

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "pseudo" VARCHAR(30) NOT NULL,
    "pseudo_key" VARCHAR(30) NOT NULL,
    "prenom" VARCHAR(25) NOT NULL,
    "nom" VARCHAR(25) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "password_hash" TEXT NOT NULL,
    "birth_date" DATE NOT NULL,
    "departement" VARCHAR(6) NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'UTILISATEUR',
    "status" "UserStatus" NOT NULL DEFAULT 'PENDING',
    "avatar_file" TEXT,
    "avatar_version" INTEGER NOT NULL DEFAULT 0,
    "poste" VARCHAR(60),
    "description" VARCHAR(500),
    "x_username" VARCHAR(30),
    "insta_username" VARCHAR(30),
    "notif_mail_appli" BOOLEAN NOT NULL DEFAULT true,
    "notif_mail_promo" BOOLEAN NOT NULL DEFAULT false,
    "note_covoiturage" DECIMAL(3,2),
    "pts_prono" INTEGER NOT NULL DEFAULT 0,
    "classement_prono" INTEGER,
    "last_activity_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "inactivity_warned_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "antennas" (
    "id" SERIAL NOT NULL,
    "nom" VARCHAR(80) NOT NULL,
    "categorie" VARCHAR(40) NOT NULL,
    "url" TEXT,

    CONSTRAINT "antennas_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_antennas" (
    "user_id" INTEGER NOT NULL,
    "antenna_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_antennas_pkey" PRIMARY KEY ("user_id","antenna_id")
);

-- CreateTable
CREATE TABLE "titles" (
    "id" SERIAL NOT NULL,
    "libelle" VARCHAR(60) NOT NULL,
    "couleur" VARCHAR(7) NOT NULL,
    "importance" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "titles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_titles" (
    "user_id" INTEGER NOT NULL,
    "title_id" INTEGER NOT NULL,
    "awarded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_titles_pkey" PRIMARY KEY ("user_id","title_id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" UUID NOT NULL,
    "family_id" UUID NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "rotated_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "revoked_reason" VARCHAR(40),
    "user_agent" VARCHAR(300),
    "ip" VARCHAR(45),

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_tokens" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "purpose" "EmailTokenPurpose" NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "payload" JSONB,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_throttles" (
    "id" SERIAL NOT NULL,
    "key" VARCHAR(300) NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "window_started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),

    CONSTRAINT "auth_throttles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "departments" (
    "code" VARCHAR(3) NOT NULL,
    "name" VARCHAR(60) NOT NULL,

    CONSTRAINT "departments_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "clubs" (
    "id" SERIAL NOT NULL,
    "nom" VARCHAR(60) NOT NULL,
    "slug" VARCHAR(60) NOT NULL,
    "nom_stade" VARCHAR(80) NOT NULL,
    "ville" VARCHAR(60) NOT NULL,
    "departement" VARCHAR(3) NOT NULL,
    "logo" TEXT NOT NULL,
    "stade_image" TEXT,
    "live_feed_url" TEXT,

    CONSTRAINT "clubs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "matches" (
    "id" SERIAL NOT NULL,
    "kickoff_at" TIMESTAMPTZ(3) NOT NULL,
    "season" VARCHAR(9) NOT NULL,
    "journee" INTEGER NOT NULL,
    "hashtag" VARCHAR(30),
    "home_club_id" INTEGER NOT NULL,
    "away_club_id" INTEGER NOT NULL,
    "home_goals" INTEGER,
    "away_goals" INTEGER,
    "finished_at" TIMESTAMPTZ(3),
    "ticket_url" TEXT,
    "reminder_sent_at" TIMESTAMPTZ(3),
    "stats_exact" INTEGER NOT NULL DEFAULT 0,
    "stats_result_diff" INTEGER NOT NULL DEFAULT 0,
    "stats_result" INTEGER NOT NULL DEFAULT 0,
    "stats_wrong" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "matches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "league_table_rows" (
    "id" SERIAL NOT NULL,
    "season" VARCHAR(9) NOT NULL,
    "club_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "played" INTEGER NOT NULL DEFAULT 0,
    "points" INTEGER NOT NULL DEFAULT 0,
    "goal_diff" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "league_table_rows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "predictions" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "match_id" INTEGER NOT NULL,
    "score_dom" INTEGER NOT NULL,
    "score_ext" INTEGER NOT NULL,
    "points" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "predictions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ranking_snapshots" (
    "id" SERIAL NOT NULL,
    "season" VARCHAR(9) NOT NULL,
    "journee" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "points" INTEGER NOT NULL,
    "rank" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ranking_snapshots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mini_leagues" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(40) NOT NULL,
    "invite_code" VARCHAR(16) NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mini_leagues_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mini_league_members" (
    "league_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "joined_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mini_league_members_pkey" PRIMARY KEY ("league_id","user_id")
);

-- CreateTable
CREATE TABLE "transport_types" (
    "id" INTEGER NOT NULL,
    "code" VARCHAR(20) NOT NULL,
    "libelle" VARCHAR(30) NOT NULL,

    CONSTRAINT "transport_types_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "presences" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "match_id" INTEGER NOT NULL,
    "transport_type_id" INTEGER NOT NULL,
    "antenna_id" INTEGER,
    "covoiturage" BOOLEAN NOT NULL DEFAULT false,
    "places_dispo" INTEGER NOT NULL DEFAULT 0,
    "departement_depart" VARCHAR(3) NOT NULL,
    "actif" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "presences_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ride_searches" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "match_id" INTEGER NOT NULL,
    "nb_pers" INTEGER NOT NULL DEFAULT 1,
    "departement_depart" VARCHAR(3) NOT NULL,
    "actif" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ride_searches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "carpool_statuses" (
    "id" INTEGER NOT NULL,
    "libelle" VARCHAR(20) NOT NULL,

    CONSTRAINT "carpool_statuses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "carpool_relations" (
    "id" SERIAL NOT NULL,
    "match_id" INTEGER NOT NULL,
    "user1_id" INTEGER NOT NULL,
    "user2_id" INTEGER NOT NULL,
    "status_id" INTEGER NOT NULL,
    "driver_id" INTEGER NOT NULL,
    "passenger_id" INTEGER NOT NULL,
    "nb_pers" INTEGER NOT NULL DEFAULT 1,
    "description" VARCHAR(150),
    "departement_depart" VARCHAR(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "carpool_relations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "carpool_status_changes" (
    "id" SERIAL NOT NULL,
    "relation_id" INTEGER NOT NULL,
    "from_status_id" INTEGER,
    "to_status_id" INTEGER NOT NULL,
    "by_user_id" INTEGER NOT NULL,
    "reason_id" INTEGER,
    "custom_reason" VARCHAR(80),
    "with_report" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "carpool_status_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" SERIAL NOT NULL,
    "recipient_id" INTEGER NOT NULL,
    "sender_id" INTEGER,
    "type" "NotificationType" NOT NULL DEFAULT 'COVOIT',
    "relation_id" INTEGER,
    "status_id" INTEGER,
    "status_change_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "read_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "carpool_ratings" (
    "id" SERIAL NOT NULL,
    "relation_id" INTEGER NOT NULL,
    "rater_id" INTEGER NOT NULL,
    "rated_id" INTEGER NOT NULL,
    "note" DECIMAL(2,1) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "carpool_ratings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reasons" (
    "id" SERIAL NOT NULL,
    "kind" "ReasonKind" NOT NULL,
    "section" VARCHAR(20) NOT NULL DEFAULT '',
    "label" VARCHAR(80) NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "reasons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reports" (
    "id" SERIAL NOT NULL,
    "reporter_id" INTEGER NOT NULL,
    "reported_user_id" INTEGER NOT NULL,
    "reason_id" INTEGER NOT NULL,
    "custom_reason" VARCHAR(255),
    "section" VARCHAR(20) NOT NULL,
    "context_type" VARCHAR(40),
    "context_id" INTEGER,
    "status" "ReportStatus" NOT NULL DEFAULT 'OPEN',
    "handled_by_id" INTEGER,
    "handled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "conversations" (
    "id" SERIAL NOT NULL,
    "user1_id" INTEGER NOT NULL,
    "user2_id" INTEGER NOT NULL,
    "pair_key" VARCHAR(30) NOT NULL,
    "accepted" BOOLEAN NOT NULL DEFAULT false,
    "blocked_by_user_id" INTEGER,
    "user1_read_at" TIMESTAMPTZ(3),
    "user2_read_at" TIMESTAMPTZ(3),
    "last_message_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "messages" (
    "id" SERIAL NOT NULL,
    "conversation_id" INTEGER NOT NULL,
    "sender_id" INTEGER NOT NULL,
    "receiver_id" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "read_at" TIMESTAMPTZ(3),

    CONSTRAINT "messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "news_categories" (
    "id" SERIAL NOT NULL,
    "libelle" VARCHAR(40) NOT NULL,

    CONSTRAINT "news_categories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "news" (
    "id" SERIAL NOT NULL,
    "titre" VARCHAR(200) NOT NULL,
    "contenu" TEXT NOT NULL,
    "lien" TEXT,
    "source_url" TEXT,
    "image" TEXT NOT NULL,
    "image_object_pos_y" INTEGER NOT NULL DEFAULT 10,
    "category_id" INTEGER NOT NULL,
    "author_id" INTEGER NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "news_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contests" (
    "id" SERIAL NOT NULL,
    "titre" VARCHAR(200) NOT NULL,
    "date_fin" TIMESTAMPTZ(3) NOT NULL,
    "image" TEXT NOT NULL,
    "lien_insta" TEXT,
    "lien_x" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_messages" (
    "id" SERIAL NOT NULL,
    "prenom" VARCHAR(25) NOT NULL,
    "nom" VARCHAR(25) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "objet" VARCHAR(40) NOT NULL,
    "message" TEXT NOT NULL,
    "user_id" INTEGER,
    "ip" VARCHAR(45),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mail_outbox" (
    "id" UUID NOT NULL,
    "to" VARCHAR(254) NOT NULL,
    "subject" VARCHAR(200) NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "kind" VARCHAR(40) NOT NULL,
    "status" "MailStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "locked_at" TIMESTAMPTZ(3),
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_logs" (
    "id" SERIAL NOT NULL,
    "actor_id" INTEGER,
    "action" VARCHAR(60) NOT NULL,
    "target_type" VARCHAR(40) NOT NULL,
    "target_id" VARCHAR(64),
    "data" JSONB,
    "ip" VARCHAR(45),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_pseudo_key_key" ON "users"("pseudo_key");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_pts_prono_idx" ON "users"("pts_prono" DESC);

-- CreateIndex
CREATE INDEX "users_status_last_activity_at_idx" ON "users"("status", "last_activity_at");

-- CreateIndex
CREATE UNIQUE INDEX "antennas_nom_key" ON "antennas"("nom");

-- CreateIndex
CREATE INDEX "user_antennas_antenna_id_idx" ON "user_antennas"("antenna_id");

-- CreateIndex
CREATE UNIQUE INDEX "titles_libelle_key" ON "titles"("libelle");

-- CreateIndex
CREATE INDEX "user_titles_title_id_idx" ON "user_titles"("title_id");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions"("token_hash");

-- CreateIndex
CREATE INDEX "sessions_family_id_idx" ON "sessions"("family_id");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "email_tokens_token_hash_key" ON "email_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "email_tokens_user_id_purpose_idx" ON "email_tokens"("user_id", "purpose");

-- CreateIndex
CREATE UNIQUE INDEX "auth_throttles_key_key" ON "auth_throttles"("key");

-- CreateIndex
CREATE INDEX "auth_throttles_locked_until_idx" ON "auth_throttles"("locked_until");

-- CreateIndex
CREATE UNIQUE INDEX "clubs_nom_key" ON "clubs"("nom");

-- CreateIndex
CREATE UNIQUE INDEX "clubs_slug_key" ON "clubs"("slug");

-- CreateIndex
CREATE INDEX "matches_kickoff_at_idx" ON "matches"("kickoff_at");

-- CreateIndex
CREATE INDEX "matches_home_club_id_idx" ON "matches"("home_club_id");

-- CreateIndex
CREATE INDEX "matches_away_club_id_idx" ON "matches"("away_club_id");

-- CreateIndex
CREATE UNIQUE INDEX "matches_season_journee_key" ON "matches"("season", "journee");

-- CreateIndex
CREATE INDEX "league_table_rows_season_position_idx" ON "league_table_rows"("season", "position");

-- CreateIndex
CREATE UNIQUE INDEX "league_table_rows_season_club_id_key" ON "league_table_rows"("season", "club_id");

-- CreateIndex
CREATE INDEX "predictions_match_id_idx" ON "predictions"("match_id");

-- CreateIndex
CREATE UNIQUE INDEX "predictions_user_id_match_id_key" ON "predictions"("user_id", "match_id");

-- CreateIndex
CREATE INDEX "ranking_snapshots_season_journee_rank_idx" ON "ranking_snapshots"("season", "journee", "rank");

-- CreateIndex
CREATE INDEX "ranking_snapshots_user_id_idx" ON "ranking_snapshots"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "ranking_snapshots_season_journee_user_id_key" ON "ranking_snapshots"("season", "journee", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "mini_leagues_invite_code_key" ON "mini_leagues"("invite_code");

-- CreateIndex
CREATE INDEX "mini_leagues_owner_id_idx" ON "mini_leagues"("owner_id");

-- CreateIndex
CREATE INDEX "mini_league_members_user_id_idx" ON "mini_league_members"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "transport_types_code_key" ON "transport_types"("code");

-- CreateIndex
CREATE UNIQUE INDEX "transport_types_libelle_key" ON "transport_types"("libelle");

-- CreateIndex
CREATE INDEX "presences_match_id_departement_depart_idx" ON "presences"("match_id", "departement_depart");

-- CreateIndex
CREATE UNIQUE INDEX "presences_user_id_match_id_key" ON "presences"("user_id", "match_id");

-- CreateIndex
CREATE INDEX "ride_searches_match_id_departement_depart_idx" ON "ride_searches"("match_id", "departement_depart");

-- CreateIndex
CREATE UNIQUE INDEX "ride_searches_user_id_match_id_key" ON "ride_searches"("user_id", "match_id");

-- CreateIndex
CREATE UNIQUE INDEX "carpool_statuses_libelle_key" ON "carpool_statuses"("libelle");

-- CreateIndex
CREATE INDEX "carpool_relations_match_id_user1_id_idx" ON "carpool_relations"("match_id", "user1_id");

-- CreateIndex
CREATE INDEX "carpool_relations_match_id_user2_id_idx" ON "carpool_relations"("match_id", "user2_id");

-- CreateIndex
CREATE INDEX "carpool_relations_match_id_status_id_idx" ON "carpool_relations"("match_id", "status_id");

-- CreateIndex
CREATE INDEX "carpool_relations_driver_id_idx" ON "carpool_relations"("driver_id");

-- CreateIndex
CREATE INDEX "carpool_relations_passenger_id_idx" ON "carpool_relations"("passenger_id");

-- CreateIndex
CREATE INDEX "carpool_status_changes_relation_id_created_at_idx" ON "carpool_status_changes"("relation_id", "created_at");

-- CreateIndex
CREATE INDEX "notifications_recipient_id_created_at_idx" ON "notifications"("recipient_id", "created_at");

-- CreateIndex
CREATE INDEX "notifications_relation_id_idx" ON "notifications"("relation_id");

-- CreateIndex
CREATE INDEX "carpool_ratings_rated_id_idx" ON "carpool_ratings"("rated_id");

-- CreateIndex
CREATE INDEX "carpool_ratings_rater_id_idx" ON "carpool_ratings"("rater_id");

-- CreateIndex
CREATE UNIQUE INDEX "carpool_ratings_relation_id_rater_id_rated_id_key" ON "carpool_ratings"("relation_id", "rater_id", "rated_id");

-- CreateIndex
CREATE INDEX "reasons_kind_section_position_idx" ON "reasons"("kind", "section", "position");

-- CreateIndex
CREATE UNIQUE INDEX "reasons_kind_section_label_key" ON "reasons"("kind", "section", "label");

-- CreateIndex
CREATE INDEX "reports_status_created_at_idx" ON "reports"("status", "created_at");

-- CreateIndex
CREATE INDEX "reports_reported_user_id_idx" ON "reports"("reported_user_id");

-- CreateIndex
CREATE INDEX "reports_reporter_id_idx" ON "reports"("reporter_id");

-- CreateIndex
CREATE UNIQUE INDEX "conversations_pair_key_key" ON "conversations"("pair_key");

-- CreateIndex
CREATE INDEX "conversations_user1_id_last_message_at_idx" ON "conversations"("user1_id", "last_message_at");

-- CreateIndex
CREATE INDEX "conversations_user2_id_last_message_at_idx" ON "conversations"("user2_id", "last_message_at");

-- CreateIndex
CREATE INDEX "messages_conversation_id_created_at_id_idx" ON "messages"("conversation_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "messages_receiver_id_read_at_idx" ON "messages"("receiver_id", "read_at");

-- CreateIndex
CREATE UNIQUE INDEX "news_categories_libelle_key" ON "news_categories"("libelle");

-- CreateIndex
CREATE UNIQUE INDEX "news_source_url_key" ON "news"("source_url");

-- CreateIndex
CREATE INDEX "news_category_id_published_at_idx" ON "news"("category_id", "published_at");

-- CreateIndex
CREATE INDEX "news_published_at_idx" ON "news"("published_at");

-- CreateIndex
CREATE INDEX "contests_date_fin_idx" ON "contests"("date_fin");

-- CreateIndex
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages"("created_at");

-- CreateIndex
CREATE INDEX "mail_outbox_status_created_at_idx" ON "mail_outbox"("status", "created_at");

-- CreateIndex
CREATE INDEX "audit_logs_created_at_idx" ON "audit_logs"("created_at");

-- CreateIndex
CREATE INDEX "audit_logs_target_type_target_id_idx" ON "audit_logs"("target_type", "target_id");

-- CreateIndex
CREATE INDEX "audit_logs_actor_id_idx" ON "audit_logs"("actor_id");

-- AddForeignKey
ALTER TABLE "user_antennas" ADD CONSTRAINT "user_antennas_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_antennas" ADD CONSTRAINT "user_antennas_antenna_id_fkey" FOREIGN KEY ("antenna_id") REFERENCES "antennas"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_titles" ADD CONSTRAINT "user_titles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_titles" ADD CONSTRAINT "user_titles_title_id_fkey" FOREIGN KEY ("title_id") REFERENCES "titles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_home_club_id_fkey" FOREIGN KEY ("home_club_id") REFERENCES "clubs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_away_club_id_fkey" FOREIGN KEY ("away_club_id") REFERENCES "clubs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "league_table_rows" ADD CONSTRAINT "league_table_rows_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ranking_snapshots" ADD CONSTRAINT "ranking_snapshots_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mini_leagues" ADD CONSTRAINT "mini_leagues_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mini_league_members" ADD CONSTRAINT "mini_league_members_league_id_fkey" FOREIGN KEY ("league_id") REFERENCES "mini_leagues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mini_league_members" ADD CONSTRAINT "mini_league_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "presences" ADD CONSTRAINT "presences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "presences" ADD CONSTRAINT "presences_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "presences" ADD CONSTRAINT "presences_transport_type_id_fkey" FOREIGN KEY ("transport_type_id") REFERENCES "transport_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "presences" ADD CONSTRAINT "presences_antenna_id_fkey" FOREIGN KEY ("antenna_id") REFERENCES "antennas"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ride_searches" ADD CONSTRAINT "ride_searches_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ride_searches" ADD CONSTRAINT "ride_searches_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "carpool_relations" ADD CONSTRAINT "carpool_relations_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "carpool_relations" ADD CONSTRAINT "carpool_relations_user1_id_fkey" FOREIGN KEY ("user1_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "carpool_relations" ADD CONSTRAINT "carpool_relations_user2_id_fkey" FOREIGN KEY ("user2_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "carpool_relations" ADD CONSTRAINT "carpool_relations_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "carpool_relations" ADD CONSTRAINT "carpool_relations_passenger_id_fkey" FOREIGN KEY ("passenger_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "carpool_relations" ADD CONSTRAINT "carpool_relations_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "carpool_statuses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "carpool_status_changes" ADD CONSTRAINT "carpool_status_changes_relation_id_fkey" FOREIGN KEY ("relation_id") REFERENCES "carpool_relations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "carpool_status_changes" ADD CONSTRAINT "carpool_status_changes_from_status_id_fkey" FOREIGN KEY ("from_status_id") REFERENCES "carpool_statuses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "carpool_status_changes" ADD CONSTRAINT "carpool_status_changes_to_status_id_fkey" FOREIGN KEY ("to_status_id") REFERENCES "carpool_statuses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "carpool_status_changes" ADD CONSTRAINT "carpool_status_changes_by_user_id_fkey" FOREIGN KEY ("by_user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "carpool_status_changes" ADD CONSTRAINT "carpool_status_changes_reason_id_fkey" FOREIGN KEY ("reason_id") REFERENCES "reasons"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_fkey" FOREIGN KEY ("recipient_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_sender_id_fkey" FOREIGN KEY ("sender_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_relation_id_fkey" FOREIGN KEY ("relation_id") REFERENCES "carpool_relations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "carpool_statuses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_status_change_id_fkey" FOREIGN KEY ("status_change_id") REFERENCES "carpool_status_changes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "carpool_ratings" ADD CONSTRAINT "carpool_ratings_relation_id_fkey" FOREIGN KEY ("relation_id") REFERENCES "carpool_relations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "carpool_ratings" ADD CONSTRAINT "carpool_ratings_rater_id_fkey" FOREIGN KEY ("rater_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "carpool_ratings" ADD CONSTRAINT "carpool_ratings_rated_id_fkey" FOREIGN KEY ("rated_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_fkey" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_user_id_fkey" FOREIGN KEY ("reported_user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reports" ADD CONSTRAINT "reports_handled_by_id_fkey" FOREIGN KEY ("handled_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reports" ADD CONSTRAINT "reports_reason_id_fkey" FOREIGN KEY ("reason_id") REFERENCES "reasons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user1_id_fkey" FOREIGN KEY ("user1_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user2_id_fkey" FOREIGN KEY ("user2_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_blocked_by_user_id_fkey" FOREIGN KEY ("blocked_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_fkey" FOREIGN KEY ("sender_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_receiver_id_fkey" FOREIGN KEY ("receiver_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "news" ADD CONSTRAINT "news_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "news_categories"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "news" ADD CONSTRAINT "news_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

