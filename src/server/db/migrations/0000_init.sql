CREATE TABLE "blade_param" (
	"id" bigint PRIMARY KEY NOT NULL,
	"param_name" varchar(255),
	"param_key" varchar(255),
	"param_value" text,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_client" (
	"id" bigint PRIMARY KEY NOT NULL,
	"client_id" varchar(48) NOT NULL,
	"client_secret" varchar(256) NOT NULL,
	"resource_ids" varchar(256),
	"scope" varchar(256) DEFAULT 'all' NOT NULL,
	"authorized_grant_types" varchar(256) NOT NULL,
	"web_server_redirect_uri" varchar(256),
	"authorities" varchar(256),
	"access_token_validity" integer DEFAULT 3600 NOT NULL,
	"refresh_token_validity" integer DEFAULT 604800 NOT NULL,
	"additional_information" varchar(4096),
	"autoapprove" varchar(256),
	"aes_key" varchar(128),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_dept" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"ancestors" text,
	"dept_category" integer DEFAULT 1,
	"dept_name" varchar(45) NOT NULL,
	"full_name" varchar(45),
	"sort" integer DEFAULT 0,
	"remark" varchar(255),
	"serial" varchar(20),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_menu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"alias" varchar(255),
	"path" varchar(255),
	"source" varchar(255),
	"sort" integer DEFAULT 0,
	"category" integer DEFAULT 1 NOT NULL,
	"action" integer DEFAULT 0,
	"is_open" integer DEFAULT 1,
	"remark" varchar(255),
	"endpoints" text,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_role" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"role_name" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0,
	"role_alias" varchar(255) NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_role_menu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"menu_id" bigint NOT NULL,
	"role_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_role_scope" (
	"id" bigint PRIMARY KEY NOT NULL,
	"scope_category" integer NOT NULL,
	"scope_id" bigint NOT NULL,
	"role_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_scope_api" (
	"id" bigint PRIMARY KEY NOT NULL,
	"menu_id" bigint,
	"resource_code" varchar(255),
	"scope_name" varchar(255),
	"scope_column" varchar(255),
	"scope_type" integer,
	"scope_value" text,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"scope_path" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "blade_scope_data" (
	"id" bigint PRIMARY KEY NOT NULL,
	"menu_id" bigint,
	"resource_code" varchar(255),
	"scope_name" varchar(255),
	"scope_column" varchar(255),
	"scope_type" integer,
	"scope_value" text,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"scope_field" varchar(255),
	"scope_class" varchar(500),
	"scope_visible" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_tenant" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"tenant_name" varchar(50) NOT NULL,
	"domain" varchar(255),
	"background_url" varchar(1000),
	"linkman" varchar(20),
	"contact_number" varchar(20),
	"address" varchar(255),
	"account_number" integer DEFAULT -1 NOT NULL,
	"expire_time" timestamp,
	"package_id" bigint,
	"datasource_id" bigint,
	"license_key" varchar(1000),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_top_menu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"code" varchar(255),
	"name" varchar(255) NOT NULL,
	"source" varchar(255),
	"path" varchar(255),
	"sort" integer DEFAULT 0,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_top_menu_setting" (
	"id" bigint PRIMARY KEY NOT NULL,
	"top_menu_id" bigint NOT NULL,
	"menu_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_user" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"code" varchar(50),
	"user_type" integer DEFAULT 1 NOT NULL,
	"account" varchar(45) NOT NULL,
	"password" varchar(256) NOT NULL,
	"name" varchar(50),
	"real_name" varchar(50),
	"avatar" varchar(1000),
	"email" varchar(100),
	"phone" varchar(45),
	"birthday" timestamp,
	"sex" integer,
	"role_id" text,
	"dept_id" text,
	"post_id" text,
	"oauth_id" varchar(64),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_user_other" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"user_type" integer DEFAULT 1 NOT NULL,
	"user_ext" text,
	"other_info" text
);
--> statement-breakpoint
CREATE TABLE "lab_auth_session" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"client_id" varchar(48) NOT NULL,
	"dept_id" varchar(64),
	"role_id" varchar(64),
	"refresh_jti" varchar(64) NOT NULL,
	"revoked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"expires_at" timestamp NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_captcha" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"expires_at" timestamp NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_client_error_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"tenant_id" varchar(12),
	"content" text NOT NULL,
	"create_time" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_login_failure" (
	"tenant_id" varchar(12) NOT NULL,
	"account" varchar(64) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_setting" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "blade_client_client_id_uq" ON "blade_client" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "blade_dept_tenant_idx" ON "blade_dept" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "blade_dept_parent_idx" ON "blade_dept" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "blade_menu_parent_idx" ON "blade_menu" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_menu_code_uq" ON "blade_menu" USING btree ("code");--> statement-breakpoint
CREATE INDEX "blade_role_tenant_idx" ON "blade_role" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "blade_role_menu_role_idx" ON "blade_role_menu" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "blade_role_scope_role_idx" ON "blade_role_scope" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_tenant_tenant_id_uq" ON "blade_tenant" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "blade_top_menu_setting_top_idx" ON "blade_top_menu_setting" USING btree ("top_menu_id");--> statement-breakpoint
CREATE INDEX "blade_user_tenant_account_idx" ON "blade_user" USING btree ("tenant_id","account");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_other_user_type_uq" ON "blade_user_other" USING btree ("user_id","user_type");--> statement-breakpoint
CREATE INDEX "lab_auth_session_user_idx" ON "lab_auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_login_failure_uq" ON "lab_login_failure" USING btree ("tenant_id","account");