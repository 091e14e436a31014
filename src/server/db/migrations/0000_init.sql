CREATE TABLE "sys_academic" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year" varchar(9),
	"term" varchar(10),
	"name" varchar(50),
	"start_date" date,
	"end_date" date,
	"weeks" integer,
	"is_current" integer,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_attach" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"link" varchar(1000),
	"domain" varchar(500),
	"name" varchar(500),
	"original_name" varchar(500),
	"extension" varchar(12),
	"attach_size" integer,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_class" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"class_no" varchar(30),
	"class_name" varchar(100),
	"dept_serial" varchar(20),
	"major_serial" varchar(20),
	"grade" varchar(4),
	"student_count" integer,
	"head_teacher" varchar(50),
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
CREATE TABLE "base_major" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"major_serial" varchar(20),
	"major_name" varchar(100),
	"dept_serial" varchar(20),
	"subject_code" varchar(10),
	"edu_level" integer,
	"schooling_years" integer,
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
CREATE TABLE "base_major_direction" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"major_serial" varchar(20),
	"direction_code" varchar(20),
	"direction_name" varchar(100),
	"sort" integer,
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
CREATE TABLE "base_student" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"student_no" varchar(30),
	"student_name" varchar(50),
	"sex" integer,
	"dept_serial" varchar(20),
	"major_serial" varchar(20),
	"class_no" varchar(30),
	"grade" varchar(4),
	"student_type" integer,
	"enroll_date" date,
	"phone" varchar(11),
	"email" varchar(100),
	"user_id" bigint,
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
CREATE TABLE "base_teacher" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"teacher_no" varchar(20),
	"teacher_name" varchar(50),
	"sex" integer,
	"birthday" date,
	"dept_serial" varchar(20),
	"major_serial" varchar(20),
	"category_no" varchar(255),
	"profession_code" varchar(3),
	"education" varchar(10),
	"degree" varchar(10),
	"subject_code" varchar(10),
	"expert_category" varchar(2),
	"lab_staff" integer,
	"phone" varchar(11),
	"email" varchar(100),
	"user_id" bigint,
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
CREATE TABLE "blade_code" (
	"id" bigint PRIMARY KEY NOT NULL,
	"datasource_id" bigint,
	"code_name" varchar(64),
	"service_name" varchar(64),
	"table_name" varchar(64),
	"table_prefix" varchar(32),
	"model_name" varchar(64),
	"package_name" varchar(255),
	"tenant_mode" integer,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_datasource" (
	"id" bigint PRIMARY KEY NOT NULL,
	"name" varchar(100),
	"driver_class" varchar(100),
	"url" varchar(500),
	"username" varchar(45),
	"password" varchar(100),
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
CREATE TABLE "sys_edu_major_info" (
	"id" bigint PRIMARY KEY NOT NULL,
	"parent_id" bigint,
	"code" varchar(10),
	"name" varchar(100),
	"level" integer,
	"sort" integer,
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
CREATE TABLE "lab_external_interface" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"name" varchar(100),
	"code" varchar(64),
	"method" varchar(10),
	"url" varchar(500),
	"headers" text,
	"params" text,
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
CREATE TABLE "lab_external_resource" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"name" varchar(100),
	"code" varchar(64),
	"resource_type" integer,
	"url" varchar(500),
	"username" varchar(100),
	"password" varchar(255),
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
CREATE TABLE "lab_external_sql" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"name" varchar(100),
	"code" varchar(64),
	"datasource_id" bigint,
	"sql_text" text,
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
CREATE TABLE "lab_external_task" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"name" varchar(100),
	"code" varchar(64),
	"sql_id" bigint,
	"interface_id" bigint,
	"cron" varchar(64),
	"enabled" integer,
	"last_run_time" timestamp,
	"last_run_result" varchar(500),
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
CREATE TABLE "blade_notice" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"title" varchar(255),
	"category" integer,
	"release_time" timestamp,
	"content" text,
	"attach_ids" text,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_oss" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"category" integer,
	"oss_code" varchar(32),
	"endpoint" varchar(255),
	"access_key" varchar(255),
	"secret_key" varchar(255),
	"bucket_name" varchar(255),
	"app_id" varchar(255),
	"region" varchar(255),
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
CREATE TABLE "sys_period_info" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"term_code" varchar(10),
	"term_name" varchar(50),
	"sort" integer,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_post" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"category" integer,
	"post_code" varchar(12),
	"post_name" varchar(64),
	"sort" integer,
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
CREATE TABLE "sys_profession" (
	"id" bigint PRIMARY KEY NOT NULL,
	"parent_id" bigint,
	"code" varchar(3),
	"name" varchar(50),
	"grade" varchar(10),
	"sort" integer,
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
CREATE TABLE "blade_report_file" (
	"id" bigint PRIMARY KEY NOT NULL,
	"name" varchar(100),
	"content" text,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_sms" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"category" integer,
	"sms_code" varchar(32),
	"template_id" varchar(64),
	"access_key" varchar(255),
	"secret_key" varchar(255),
	"region_id" varchar(255),
	"sign_name" varchar(64),
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
CREATE TABLE "blade_tenant_package" (
	"id" bigint PRIMARY KEY NOT NULL,
	"package_name" varchar(50),
	"menu_id" text,
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
CREATE TABLE "blade_token_skip_api" (
	"id" bigint PRIMARY KEY NOT NULL,
	"name" varchar(100),
	"url" varchar(255),
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
CREATE TABLE "blade_log_api" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12),
	"service_id" varchar(32),
	"server_host" varchar(255),
	"server_ip" varchar(255),
	"env" varchar(255),
	"method" varchar(10),
	"request_uri" varchar(1000),
	"user_agent" varchar(1000),
	"remote_ip" varchar(255),
	"params" text,
	"create_by" varchar(64),
	"create_time" timestamp DEFAULT now() NOT NULL,
	"type" varchar(2),
	"title" varchar(255),
	"method_class" varchar(255),
	"method_name" varchar(255),
	"status" integer,
	"time" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "blade_dict" (
	"id" bigint PRIMARY KEY NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(255) NOT NULL,
	"dict_key" varchar(255) NOT NULL,
	"dict_value" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255),
	"is_sealed" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_dict_biz" (
	"id" bigint PRIMARY KEY NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(255) NOT NULL,
	"dict_key" varchar(255) NOT NULL,
	"dict_value" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255),
	"is_sealed" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_log_error" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12),
	"service_id" varchar(32),
	"server_host" varchar(255),
	"server_ip" varchar(255),
	"env" varchar(255),
	"method" varchar(10),
	"request_uri" varchar(1000),
	"user_agent" varchar(1000),
	"remote_ip" varchar(255),
	"params" text,
	"create_by" varchar(64),
	"create_time" timestamp DEFAULT now() NOT NULL,
	"stack_trace" text,
	"exception_name" varchar(255),
	"message" text,
	"method_class" varchar(255),
	"method_name" varchar(255),
	"file_name" varchar(1000),
	"line_number" integer
);
--> statement-breakpoint
CREATE TABLE "lab_external_task_run" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"task_id" bigint NOT NULL,
	"result" integer NOT NULL,
	"message" varchar(1000),
	"start_time" timestamp NOT NULL,
	"end_time" timestamp NOT NULL,
	"create_user" bigint
);
--> statement-breakpoint
CREATE TABLE "blade_region" (
	"code" varchar(12) PRIMARY KEY NOT NULL,
	"parent_code" varchar(12) NOT NULL,
	"ancestors" varchar(255),
	"name" varchar(64) NOT NULL,
	"region_level" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "lab_sms_message" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"sms_code" varchar(32) NOT NULL,
	"template_id" varchar(64),
	"phone" varchar(20) NOT NULL,
	"params" text,
	"provider" varchar(32) NOT NULL,
	"create_user" bigint,
	"create_time" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_log_usual" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12),
	"service_id" varchar(32),
	"server_host" varchar(255),
	"server_ip" varchar(255),
	"env" varchar(255),
	"method" varchar(10),
	"request_uri" varchar(1000),
	"user_agent" varchar(1000),
	"remote_ip" varchar(255),
	"params" text,
	"create_by" varchar(64),
	"create_time" timestamp DEFAULT now() NOT NULL,
	"log_level" varchar(10),
	"log_id" varchar(100),
	"log_data" text,
	"method_class" varchar(255),
	"method_name" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_flow_definition" (
	"id" varchar(128) PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"deployment_id" bigint NOT NULL,
	"key" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"version" integer NOT NULL,
	"category" varchar(255),
	"description" text,
	"resource_name" varchar(255) NOT NULL,
	"xml" text NOT NULL,
	"suspension_state" integer DEFAULT 1 NOT NULL,
	"deploy_time" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_flow_deployment" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"name" varchar(255) NOT NULL,
	"category" varchar(255),
	"source" varchar(20) NOT NULL,
	"deploy_time" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_flow_instance" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"definition_id" varchar(128) NOT NULL,
	"process_key" varchar(255) NOT NULL,
	"process_name" varchar(255) NOT NULL,
	"category" varchar(255),
	"business_table" varchar(128),
	"business_id" varchar(64),
	"start_user_id" bigint NOT NULL,
	"start_user_name" varchar(100),
	"status" varchar(16) DEFAULT 'running' NOT NULL,
	"result" varchar(16),
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"engine_state" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp DEFAULT now() NOT NULL,
	"end_time" timestamp,
	"delete_reason" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_flow_model" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"model_key" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"version" integer DEFAULT 1 NOT NULL,
	"xml" text NOT NULL,
	"created" timestamp DEFAULT now() NOT NULL,
	"last_updated" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_flow_task" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"instance_id" bigint NOT NULL,
	"definition_id" varchar(128) NOT NULL,
	"process_key" varchar(255) NOT NULL,
	"process_name" varchar(255) NOT NULL,
	"category" varchar(255),
	"business_table" varchar(128),
	"business_id" varchar(64),
	"start_user_id" bigint NOT NULL,
	"start_user_name" varchar(100),
	"task_def_key" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"assignee_id" bigint,
	"assignee_name" varchar(100),
	"create_time" timestamp DEFAULT now() NOT NULL,
	"claim_time" timestamp,
	"end_time" timestamp,
	"pass" boolean,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "blade_flow_task_candidate" (
	"task_id" bigint NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"candidate_key" varchar(160) NOT NULL,
	CONSTRAINT "blade_flow_task_candidate_task_id_candidate_key_pk" PRIMARY KEY("task_id","candidate_key")
);
--> statement-breakpoint
CREATE TABLE "blade_process_leave" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"process_definition_id" varchar(128),
	"process_instance_id" bigint,
	"start_time" timestamp NOT NULL,
	"end_time" timestamp NOT NULL,
	"reason" varchar(500) NOT NULL,
	"task_user" bigint,
	"apply_time" timestamp DEFAULT now(),
	"flow_status" integer DEFAULT 1 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_classroom" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"room_id" bigint,
	"lab_id" bigint,
	"capacity" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_course" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"course_number" varchar(20),
	"course_name" varchar(100),
	"dept_serial" varchar(20),
	"course_category" integer,
	"course_nature" integer,
	"credit" numeric(18, 4),
	"total_hours" integer,
	"lab_hours" integer,
	"subject_code" varchar(4),
	"status" integer DEFAULT 1 NOT NULL,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_course_ass_project" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"course_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_course_plan" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year_id" bigint,
	"course_id" bigint,
	"course_number" varchar(20),
	"course_name" varchar(100),
	"dept_serial" varchar(20),
	"teacher_id" bigint,
	"teacher_user_id" bigint,
	"teacher_name" varchar(50),
	"assistant_teacher_ids" text,
	"class_nos" varchar(1000),
	"class_key" varchar(1000),
	"student_count" integer,
	"start_week" integer,
	"end_week" integer,
	"lab_hours" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"process_instance_id" varchar(64),
	"submit_time" timestamp,
	"approve_time" timestamp,
	"change_count" integer,
	"change_reason" varchar(500),
	"import_batch" varchar(14),
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_course_plan_import" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year_id" bigint,
	"academic_year_name" varchar(50),
	"course_number" varchar(20),
	"course_name" varchar(100),
	"dept_name" varchar(100),
	"teacher_no" varchar(20),
	"teacher_name" varchar(50),
	"class_nos" varchar(1000),
	"student_count" integer,
	"lab_hours" integer,
	"weeks_text" varchar(50),
	"remark" varchar(255),
	"import_batch" varchar(14),
	"row_no" integer,
	"course_plan_id" bigint,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_course_plan_project" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"course_plan_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"hours" integer NOT NULL,
	"group_size" integer,
	"requirement" integer,
	"plan_weeks" varchar(100),
	"content" varchar(500),
	"sort" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_parameter" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year_id" bigint,
	"first_week_monday" date,
	"weeks" integer,
	"teaching_weekdays" varchar(13),
	"morning_sections" integer,
	"afternoon_sections" integer,
	"evening_sections" integer,
	"holidays" text,
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
CREATE TABLE "teach_parameter_time" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year_id" bigint,
	"section" integer,
	"period" integer,
	"start_time" varchar(5),
	"end_time" varchar(5),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_project" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"experiment_number" varchar(13),
	"number_body" varchar(12),
	"experiment_name" varchar(50),
	"experiment_category" integer,
	"experiment_type" integer,
	"is_network" integer,
	"subject_code" varchar(4),
	"requirement" integer,
	"experimenter_type" integer,
	"experimenter_count" integer,
	"group_size" integer,
	"hours" integer,
	"lab_id" bigint,
	"independent_course" integer,
	"dept_serial" varchar(20),
	"teacher_id" bigint,
	"purpose" text,
	"content" text,
	"equipment" text,
	"status" integer DEFAULT 1 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_project_number_seq" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"lab_serial" varchar(10) NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_time_node" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year_id" bigint,
	"week" integer,
	"weekday" integer,
	"section" integer,
	"name" varchar(40),
	"date" date,
	"start_time" varchar(5),
	"end_time" varchar(5),
	"period" integer,
	"available" integer,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_address_collision" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year_id" bigint,
	"party_name" varchar(200),
	"party_key" varchar(64),
	"batch_plan_id" bigint,
	"other_batch_plan_id" bigint,
	"batch_name" varchar(200),
	"other_batch_name" varchar(200),
	"weeks" varchar(100),
	"week_mask" integer,
	"weekday" integer,
	"start_section" integer,
	"end_section" integer,
	"student_nos" text,
	"student_count" integer,
	"description" varchar(1000),
	"status" integer DEFAULT 1 NOT NULL,
	"handle_remark" varchar(500),
	"handle_user" bigint,
	"handle_time" timestamp,
	"check_time" timestamp,
	"clear_time" timestamp,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_batch_ass_student" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"batch_plan_id" bigint NOT NULL,
	"course_plan_project_id" bigint NOT NULL,
	"academic_year_id" bigint NOT NULL,
	"weekday" integer NOT NULL,
	"student_no" varchar(30) NOT NULL,
	"class_no" varchar(30),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_batch_plan" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year_id" bigint,
	"course_plan_id" bigint,
	"course_plan_project_id" bigint,
	"project_id" bigint,
	"course_id" bigint,
	"course_name" varchar(100),
	"course_number" varchar(20),
	"project_name" varchar(100),
	"dept_serial" varchar(20),
	"batch_no" integer,
	"weeks" varchar(100),
	"week_mask" integer,
	"weekday" integer,
	"start_section" integer,
	"end_section" integer,
	"room_ids" text,
	"teacher_ids" text,
	"class_nos" varchar(1000),
	"student_count" integer,
	"assigned" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"collision_status" integer,
	"check_time" timestamp,
	"publish_time" timestamp,
	"publish_user" bigint,
	"adjust_from_id" bigint,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_batch_plan_adjust" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year_id" bigint,
	"batch_plan_id" bigint,
	"batch_name" varchar(200),
	"course_name" varchar(100),
	"adjust_weeks" varchar(100),
	"new_weeks" varchar(100),
	"new_weekday" integer,
	"new_start_section" integer,
	"new_end_section" integer,
	"new_room_ids" text,
	"new_teacher_ids" text,
	"orig_weeks" varchar(100),
	"orig_weekday" integer,
	"orig_start_section" integer,
	"orig_end_section" integer,
	"orig_room_ids" text,
	"orig_teacher_ids" text,
	"adjust_type" integer,
	"reason" varchar(500),
	"status" integer DEFAULT 1 NOT NULL,
	"applicant_name" varchar(50),
	"process_instance_id" varchar(64),
	"result_batch_plan_id" bigint,
	"submit_time" timestamp,
	"approve_time" timestamp,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_batch_plan_class" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"batch_plan_id" bigint NOT NULL,
	"academic_year_id" bigint NOT NULL,
	"weekday" integer NOT NULL,
	"class_no" varchar(64) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_batch_plan_room" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"batch_plan_id" bigint NOT NULL,
	"academic_year_id" bigint NOT NULL,
	"weekday" integer NOT NULL,
	"room_id" varchar(64) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_batch_plan_teacher" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"batch_plan_id" bigint NOT NULL,
	"academic_year_id" bigint NOT NULL,
	"weekday" integer NOT NULL,
	"teacher_id" varchar(64) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_class_collision" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year_id" bigint,
	"party_name" varchar(200),
	"party_key" varchar(64),
	"batch_plan_id" bigint,
	"other_batch_plan_id" bigint,
	"batch_name" varchar(200),
	"other_batch_name" varchar(200),
	"weeks" varchar(100),
	"week_mask" integer,
	"weekday" integer,
	"start_section" integer,
	"end_section" integer,
	"student_nos" text,
	"student_count" integer,
	"description" varchar(1000),
	"status" integer DEFAULT 1 NOT NULL,
	"handle_remark" varchar(500),
	"handle_user" bigint,
	"handle_time" timestamp,
	"check_time" timestamp,
	"clear_time" timestamp,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_new_batch_plan" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year_id" bigint NOT NULL,
	"course_plan_id" bigint NOT NULL,
	"course_plan_project_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_student_collision" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year_id" bigint,
	"party_name" varchar(200),
	"party_key" varchar(64),
	"batch_plan_id" bigint,
	"other_batch_plan_id" bigint,
	"batch_name" varchar(200),
	"other_batch_name" varchar(200),
	"weeks" varchar(100),
	"week_mask" integer,
	"weekday" integer,
	"start_section" integer,
	"end_section" integer,
	"student_nos" text,
	"student_count" integer,
	"description" varchar(1000),
	"status" integer DEFAULT 1 NOT NULL,
	"handle_remark" varchar(500),
	"handle_user" bigint,
	"handle_time" timestamp,
	"check_time" timestamp,
	"clear_time" timestamp,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_teacher_collision" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year_id" bigint,
	"party_name" varchar(200),
	"party_key" varchar(64),
	"batch_plan_id" bigint,
	"other_batch_plan_id" bigint,
	"batch_name" varchar(200),
	"other_batch_name" varchar(200),
	"weeks" varchar(100),
	"week_mask" integer,
	"weekday" integer,
	"start_section" integer,
	"end_section" integer,
	"student_nos" text,
	"student_count" integer,
	"description" varchar(1000),
	"status" integer DEFAULT 1 NOT NULL,
	"handle_remark" varchar(500),
	"handle_user" bigint,
	"handle_time" timestamp,
	"check_time" timestamp,
	"clear_time" timestamp,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiment_project" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"project_name" varchar(50),
	"teach_project_id" bigint,
	"academic_year_id" bigint,
	"lab_id" bigint,
	"dept_serial" varchar(20),
	"teacher_ids" text,
	"hours" integer,
	"class_nos" varchar(2000),
	"dept_serials" varchar(500),
	"grades" varchar(100),
	"max_slots" integer,
	"subscribe_start" timestamp,
	"subscribe_end" timestamp,
	"introduction" text,
	"status" integer DEFAULT 1 NOT NULL,
	"push_time" timestamp,
	"slot_count" integer,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiment_project_params" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"subscribe_start" timestamp,
	"subscribe_end" timestamp,
	"max_projects" integer,
	"advance_hours" integer,
	"cancel_hours" integer,
	"allow_cancel" integer,
	"notice" text,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiment_project_stu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"project_id" bigint,
	"time_id" bigint,
	"student_no" varchar(30),
	"student_name" varchar(50),
	"class_no" varchar(30),
	"dept_serial" varchar(20),
	"source" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"subscribe_time" timestamp,
	"cancel_time" timestamp,
	"cancel_user" bigint,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiment_project_time" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"project_id" bigint,
	"week" integer,
	"weekday" integer,
	"start_section" integer,
	"end_section" integer,
	"date" date,
	"start_time" varchar(5),
	"end_time" varchar(5),
	"room_id" bigint,
	"teacher_ids" text,
	"class_nos" varchar(2000),
	"capacity" integer,
	"booked_count" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_appointment" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"room_id" bigint,
	"lab_id" bigint,
	"appointment_date" date,
	"start_time" varchar(5),
	"end_time" varchar(5),
	"title" varchar(100),
	"purpose" integer,
	"headcount" integer,
	"course_name" varchar(100),
	"applicant_name" varchar(50),
	"applicant_phone" varchar(20),
	"content" text,
	"status" integer DEFAULT 1 NOT NULL,
	"process_instance_id" varchar(64),
	"apply_time" timestamp,
	"approve_time" timestamp,
	"approve_comment" varchar(1000),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_info" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"lab_name" varchar(50),
	"serial" varchar(10),
	"parent_id" bigint,
	"lab_kind" integer,
	"dept_serial" varchar(20),
	"lab_category" integer,
	"lab_type" integer,
	"founded_year" varchar(4),
	"area" numeric(18, 4),
	"subject_code" varchar(4),
	"manager_name" varchar(20),
	"manager_phone" varchar(20),
	"location" varchar(100),
	"in_report" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer,
	"introduction" text,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_room" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"room_no" varchar(20),
	"room_name" varchar(50),
	"lab_id" bigint,
	"room_type" integer,
	"building" varchar(50),
	"floor" integer,
	"area" numeric(18, 4),
	"seats" integer,
	"open_start" varchar(5),
	"open_end" varchar(5),
	"bookable" integer,
	"manager_name" varchar(20),
	"manager_phone" varchar(20),
	"equipment_count" integer,
	"equipment_value" numeric(18, 4),
	"status" integer DEFAULT 1 NOT NULL,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_room_closure" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"room_id" bigint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_time" varchar(5),
	"end_time" varchar(5),
	"reason" varchar(200) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_room_monitoring" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"room_id" bigint,
	"monitor_name" varchar(50),
	"monitor_type" integer,
	"brand" varchar(50),
	"model" varchar(50),
	"ip" varchar(50),
	"port" integer,
	"channel" integer,
	"stream_url" varchar(500),
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_teacher" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"teacher_id" bigint NOT NULL,
	"lab_id" bigint NOT NULL,
	"staff_type" integer DEFAULT 1 NOT NULL,
	"post" integer,
	"dom_degree_time" integer DEFAULT 0 NOT NULL,
	"dom_other_time" integer DEFAULT 0 NOT NULL,
	"abroad_degree_time" integer DEFAULT 0 NOT NULL,
	"abroad_other_time" integer DEFAULT 0 NOT NULL,
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
CREATE TABLE "open_base_apply" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"base_name" varchar(100),
	"company" varchar(100),
	"location" varchar(200),
	"project_name" varchar(100),
	"start_date" date,
	"end_date" date,
	"weekdays" varchar(20),
	"start_time" varchar(5),
	"end_time" varchar(5),
	"capacity" integer,
	"content" text,
	"time_slots" text,
	"slot_count" integer,
	"applicant_name" varchar(50),
	"status" integer DEFAULT 1 NOT NULL,
	"process_instance_id" varchar(64),
	"apply_time" timestamp,
	"approve_comment" varchar(1000),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_room_apply" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"project_name" varchar(100),
	"room_id" bigint,
	"lab_id" bigint,
	"open_type" integer,
	"start_date" date,
	"end_date" date,
	"weekdays" varchar(20),
	"start_time" varchar(5),
	"end_time" varchar(5),
	"capacity" integer,
	"content" text,
	"slot_count" integer,
	"applicant_name" varchar(50),
	"status" integer DEFAULT 1 NOT NULL,
	"process_instance_id" varchar(64),
	"apply_time" timestamp,
	"approve_comment" varchar(1000),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_room_reserve" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"slot_id" bigint,
	"apply_id" bigint,
	"room_id" bigint,
	"project_name" varchar(100),
	"room_name" varchar(100),
	"slot_date" date,
	"start_time" varchar(5),
	"end_time" varchar(5),
	"student_no" varchar(30),
	"student_name" varchar(50),
	"status" integer DEFAULT 1 NOT NULL,
	"remark" varchar(200),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_room_rules" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"rule_name" varchar(100),
	"full_score" integer,
	"threshold" integer,
	"no_show_points" integer,
	"late_points" integer,
	"score_from" date,
	"rule_status" integer,
	"content" text,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_room_share" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"room_id" bigint,
	"share_unit" varchar(100),
	"start_date" date,
	"end_date" date,
	"contact_name" varchar(50),
	"contact_phone" varchar(20),
	"share_status" integer,
	"content" text,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_room_slot" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"apply_id" bigint NOT NULL,
	"room_id" bigint NOT NULL,
	"slot_date" date NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets_donate" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"donate_no" varchar(20),
	"donor_name" varchar(100),
	"donor_type" integer,
	"donate_date" date,
	"agreement_no" varchar(50),
	"dept_serial" varchar(20),
	"lab_serial" varchar(10),
	"contact_person" varchar(30),
	"contact_phone" varchar(20),
	"item_count" integer,
	"total_value" numeric(18, 4),
	"content" varchar(500),
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
CREATE TABLE "assets_equipment" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"equipment_no" varchar(8),
	"equipment_name" varchar(50),
	"class_code" varchar(8),
	"model" varchar(50),
	"specification" varchar(200),
	"price" numeric(18, 4),
	"purchase_date" date,
	"source" integer,
	"country_code" varchar(3),
	"status_code" integer,
	"use_direction" integer,
	"fund_source" integer,
	"dept_serial" varchar(20),
	"lab_serial" varchar(10),
	"room_id" bigint,
	"location" varchar(100),
	"keeper" varchar(30),
	"unit" varchar(10),
	"manufacturer" varchar(100),
	"factory_no" varchar(50),
	"supplier" varchar(100),
	"warranty_until" date,
	"scrap_date" date,
	"donate_id" bigint,
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
CREATE TABLE "assets_equipment_change" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"equipment_id" bigint NOT NULL,
	"change_type" integer NOT NULL,
	"change_date" date NOT NULL,
	"from_status" integer NOT NULL,
	"to_status" integer NOT NULL,
	"from_price" numeric(14, 2) NOT NULL,
	"to_price" numeric(14, 2) NOT NULL,
	"origin" varchar(16) NOT NULL,
	"origin_id" bigint,
	"reason" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets_equipment_usage" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"equipment_id" bigint,
	"academic_year" varchar(9),
	"teach_hours" integer,
	"research_hours" integer,
	"service_hours" integer,
	"open_hours" integer,
	"sample_count" integer,
	"train_students" integer,
	"train_teachers" integer,
	"train_others" integer,
	"teach_projects" integer,
	"research_projects" integer,
	"service_projects" integer,
	"awards_national" integer,
	"awards_provincial" integer,
	"patents_teacher" integer,
	"patents_student" integer,
	"papers_indexed" integer,
	"papers_core" integer,
	"manager_name" varchar(8),
	"low_use_reason" varchar(500),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets_sequence" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"seq_key" varchar(32) NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets_worklog" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"log_date" date,
	"lab_serial" varchar(10),
	"room_name" varchar(50),
	"work_type" integer,
	"hours" numeric(18, 4),
	"content" varchar(2000),
	"person_name" varchar(30),
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
CREATE TABLE "lab_school_enterprise" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"enterprise_name" varchar(100),
	"credit_code" varchar(18),
	"cooperation_type" integer,
	"dept_serial" varchar(20),
	"lab_serial" varchar(10),
	"project_name" varchar(100),
	"start_date" date,
	"end_date" date,
	"agreement_no" varchar(50),
	"fund" numeric(18, 4),
	"student_count" integer,
	"contact_person" varchar(30),
	"contact_phone" varchar(20),
	"cooperation_status" integer,
	"content" varchar(2000),
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
CREATE TABLE "device_repair_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"repairs_id" bigint,
	"repair_date" date,
	"repairer_name" varchar(30),
	"content" varchar(1000),
	"parts" varchar(255),
	"cost" numeric(18, 4),
	"hours" numeric(18, 4),
	"result" integer,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_repairs" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"repair_no" varchar(20),
	"equipment_id" bigint,
	"equipment_no" varchar(8),
	"equipment_name" varchar(50),
	"lab_serial" varchar(10),
	"location" varchar(100),
	"fault_type" integer,
	"urgency" integer,
	"fault_desc" varchar(1000),
	"reporter_name" varchar(30),
	"reporter_phone" varchar(20),
	"report_time" timestamp,
	"repair_status" integer,
	"repairer_name" varchar(30),
	"repairer_id" bigint,
	"accept_time" timestamp,
	"finish_time" timestamp,
	"repair_result" integer,
	"total_cost" numeric(18, 4),
	"status_before" integer,
	"process_instance_id" varchar(32),
	"process_definition_id" varchar(64),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_address" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"address_name" varchar(100),
	"campus_area" varchar(50),
	"room_id" bigint,
	"capacity" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_project_apply" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"apply_no" varchar(12),
	"academic_year" varchar(9),
	"project_name" varchar(100),
	"competition_name" varchar(100),
	"competition_level" integer,
	"competition_category" integer,
	"organizer" varchar(100),
	"dept_serial" varchar(20),
	"lab_id" bigint,
	"leader_teacher_id" bigint,
	"leader_user_id" bigint,
	"teacher_ids" text,
	"entry_mode" integer,
	"min_members" integer,
	"max_members" integer,
	"max_entries" integer,
	"entry_count" integer,
	"signup_start" timestamp,
	"signup_end" timestamp,
	"preliminary_required" integer,
	"plan_start" date,
	"plan_end" date,
	"expected_participants" integer,
	"budget" numeric(18, 4),
	"content" text,
	"attach_ids" text,
	"status" integer DEFAULT 1 NOT NULL,
	"grade" integer,
	"approved_funds" numeric(18, 4),
	"avg_score" numeric(18, 4),
	"score_count" integer,
	"rank" integer,
	"grade_user" bigint,
	"grade_time" timestamp,
	"process_instance_id" varchar(64),
	"submit_time" timestamp,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_project_apply_score" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"apply_id" bigint NOT NULL,
	"reviewer_user_id" bigint NOT NULL,
	"reviewer_name" varchar(50),
	"score" numeric(5, 1) NOT NULL,
	"comment" varchar(500),
	"score_time" timestamp,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_apply_seq" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year" varchar(9) NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_project_appointment" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"project_id" bigint,
	"academic_year" varchar(9),
	"entry_type" integer,
	"team_name" varchar(50),
	"leader_student_no" varchar(30),
	"leader_name" varchar(50),
	"instructor_teacher_ids" text,
	"work_title" varchar(100),
	"phone" varchar(11),
	"member_count" integer,
	"source" integer,
	"remark" varchar(200),
	"dept_serial" varchar(20),
	"class_no" varchar(30),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_project_appointment_member" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"appointment_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"academic_year" varchar(9) NOT NULL,
	"student_no" varchar(30) NOT NULL,
	"student_name" varchar(50),
	"class_no" varchar(30),
	"dept_serial" varchar(20),
	"major_serial" varchar(20),
	"grade" varchar(4),
	"user_id" bigint,
	"is_leader" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_campus" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year" varchar(9),
	"dept_serial" varchar(20),
	"campus_count" integer,
	"campus_participants" integer,
	"campus_awards" integer,
	"funds_invested" numeric(18, 4),
	"summary" varchar(2000),
	"attach_ids" text,
	"fill_user" bigint,
	"fill_time" timestamp,
	"status" integer DEFAULT 1 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_project_final" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"project_id" bigint,
	"academic_year" varchar(9),
	"leader_user_id" bigint,
	"final_level" integer,
	"final_name" varchar(100),
	"final_time" timestamp,
	"address_id" bigint,
	"address_name" varchar(100),
	"organizer" varchar(100),
	"entry_count" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"result_status" integer,
	"process_instance_id" varchar(64),
	"submit_time" timestamp,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_project_final_result" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"final_id" bigint,
	"project_id" bigint,
	"academic_year" varchar(9),
	"final_level" integer,
	"appointment_id" bigint,
	"entry_type" integer,
	"team_name" varchar(50),
	"member_nos" varchar(500),
	"member_names" varchar(500),
	"leader_name" varchar(50),
	"teacher_names" varchar(200),
	"dept_serial" varchar(20),
	"class_no" varchar(30),
	"award" integer,
	"score" numeric(18, 4),
	"rank" integer,
	"certificate_no" varchar(50),
	"award_date" date,
	"remark" varchar(200),
	"status" integer DEFAULT 1 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_parameter" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year" varchar(9),
	"apply_start" timestamp,
	"apply_end" timestamp,
	"max_projects_per_student" integer,
	"default_min_members" integer,
	"default_max_members" integer,
	"min_reviewers" integer,
	"grade_a_ratio" integer,
	"grade_b_ratio" integer,
	"major_serials" text,
	"remark" varchar(500),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_project_preliminary" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"project_id" bigint,
	"academic_year" varchar(9),
	"leader_user_id" bigint,
	"preliminary_time" timestamp,
	"address_id" bigint,
	"address_name" varchar(100),
	"form" integer,
	"judges" varchar(200),
	"advance_rule" integer,
	"advance_count" integer,
	"advance_score" numeric(18, 4),
	"entry_count" integer,
	"advance_total" integer,
	"summary" varchar(2000),
	"attach_ids" text,
	"status" integer DEFAULT 1 NOT NULL,
	"process_instance_id" varchar(64),
	"submit_time" timestamp,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_project_preliminary_result" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"preliminary_id" bigint,
	"project_id" bigint,
	"leader_user_id" bigint,
	"appointment_id" bigint,
	"entry_type" integer,
	"team_name" varchar(50),
	"member_nos" varchar(500),
	"member_names" varchar(500),
	"dept_serial" varchar(20),
	"class_no" varchar(30),
	"score" numeric(18, 4),
	"rank" integer,
	"advance" integer,
	"remark" varchar(200),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exam_ques_bank_category" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"category_name" varchar(50),
	"parent_id" bigint,
	"sort" integer,
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
CREATE TABLE "safety_exam_cert_seq" (
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exam_course" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"title" varchar(100),
	"cover" varchar(500),
	"summary" varchar(500),
	"label_ids" text,
	"study_minutes" integer,
	"sort" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"view_count" integer,
	"content" text,
	"attach_ids" text,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exam_home_param" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"block_type" integer,
	"title" varchar(50),
	"image_id" varchar(500),
	"link_type" integer,
	"link_id" bigint,
	"show_count" integer,
	"sort" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"content" text,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_knowledge" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"title" varchar(100),
	"label_ids" text,
	"sort" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"view_count" integer,
	"content" text,
	"attach_ids" text,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exam_label" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"label_name" varchar(30),
	"color" varchar(20),
	"sort" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exam_manual" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"title" varchar(100),
	"version" varchar(20),
	"label_ids" text,
	"sort" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"summary" varchar(500),
	"file_id" varchar(500),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exam_notice" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"title" varchar(200),
	"plan_id" bigint,
	"is_top" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"publish_time" timestamp,
	"label_ids" text,
	"content" text,
	"attach_ids" text,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exam_paper" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"paper_name" varchar(100),
	"paper_mode" integer,
	"single_count" integer,
	"single_score" numeric(18, 4),
	"multiple_count" integer,
	"multiple_score" numeric(18, 4),
	"judge_count" integer,
	"judge_score" numeric(18, 4),
	"multiple_partial" integer,
	"total_score" numeric(18, 4),
	"category_proportion" text,
	"label_ids" text,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exam_ques_bank_paper_person" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"plan_id" bigint NOT NULL,
	"person_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"paper_id" bigint NOT NULL,
	"questions" jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"multiple_partial" integer DEFAULT 0 NOT NULL,
	"total_score" numeric(6, 1) NOT NULL,
	"pass_score" numeric(6, 1) NOT NULL,
	"start_time" timestamp NOT NULL,
	"deadline" timestamp NOT NULL,
	"submit_time" timestamp,
	"submit_type" integer,
	"score" numeric(6, 1),
	"correct_count" integer,
	"blur_count" integer DEFAULT 0 NOT NULL,
	"last_save_time" timestamp,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exam_paper_question" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"paper_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"question_type" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exam_plan" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"plan_name" varchar(100),
	"exam_type" integer,
	"paper_id" bigint,
	"academic_year_id" bigint,
	"start_time" timestamp,
	"end_time" timestamp,
	"duration" integer,
	"pass_score" numeric(18, 4),
	"required_study_minutes" integer,
	"shuffle_questions" integer,
	"shuffle_options" integer,
	"show_score" integer,
	"show_answer" integer,
	"issue_certificate" integer,
	"cert_valid_months" integer,
	"max_resits" integer,
	"notice_id" bigint,
	"status" integer DEFAULT 1 NOT NULL,
	"candidate_count" integer,
	"parent_plan_id" bigint,
	"root_plan_id" bigint,
	"process_instance_id" varchar(64),
	"publish_time" timestamp,
	"publish_user" bigint,
	"collect_time" timestamp,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exam_plan_person" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"plan_id" bigint,
	"user_id" bigint,
	"user_code" varchar(30),
	"user_name" varchar(50),
	"user_type" integer,
	"dept_id" bigint,
	"dept_serial" varchar(20),
	"dept_name" varchar(100),
	"class_no" varchar(30),
	"class_name" varchar(100),
	"major_serial" varchar(20),
	"major_name" varchar(100),
	"grade" varchar(4),
	"source" integer,
	"exam_status" integer,
	"score" numeric(18, 4),
	"passed" integer,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exam_plan_scope" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"plan_id" bigint,
	"user_type" integer,
	"dept_serial" varchar(20),
	"major_serial" varchar(20),
	"grade" varchar(4),
	"class_no" varchar(30),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exam_question_bank" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"question_type" integer,
	"category_id" bigint,
	"stem" varchar(1000),
	"options" text,
	"answer" varchar(6),
	"label_ids" text,
	"difficulty" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"image_ids" text,
	"analysis" varchar(1000),
	"stem_key" varchar(1000),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exam_score" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"plan_id" bigint,
	"user_id" bigint,
	"user_code" varchar(30),
	"user_name" varchar(50),
	"user_type" integer,
	"dept_id" bigint,
	"dept_serial" varchar(20),
	"dept_name" varchar(100),
	"class_no" varchar(30),
	"class_name" varchar(100),
	"plan_name" varchar(100),
	"root_plan_id" bigint,
	"exam_type" integer,
	"paper_person_id" bigint,
	"score" numeric(18, 4),
	"total_score" numeric(18, 4),
	"pass_score" numeric(18, 4),
	"passed" integer,
	"start_time" timestamp,
	"submit_time" timestamp,
	"used_seconds" integer,
	"submit_type" integer,
	"certificate_no" varchar(20),
	"issue_date" date,
	"valid_until" date,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exam_statistics" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"plan_id" bigint,
	"plan_name" varchar(100),
	"academic_year_id" bigint,
	"dept_serial" varchar(20),
	"dept_name" varchar(100),
	"candidate_count" integer,
	"attended_count" integer,
	"absent_count" integer,
	"passed_count" integer,
	"failed_count" integer,
	"pass_rate" numeric(18, 4),
	"attend_rate" numeric(18, 4),
	"avg_score" numeric(18, 4),
	"max_score" numeric(18, 4),
	"min_score" numeric(18, 4),
	"bands" text,
	"stat_time" timestamp,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exam_study_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"user_code" varchar(30),
	"user_name" varchar(50),
	"user_type" integer,
	"dept_serial" varchar(20),
	"resource_type" integer,
	"resource_title" varchar(200),
	"study_minutes" integer,
	"finished" integer,
	"first_time" timestamp,
	"last_time" timestamp,
	"user_id" bigint,
	"resource_id" bigint,
	"study_seconds" integer,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_check_issue" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"submission_id" bigint NOT NULL,
	"table_code" varchar(4) NOT NULL,
	"rule_id" varchar(10) NOT NULL,
	"level" varchar(8) NOT NULL,
	"row_id" bigint,
	"row_no" integer,
	"field" varchar(40),
	"field_label" varchar(60),
	"value" varchar(500),
	"message" varchar(1000) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_sj1" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"task_id" bigint NOT NULL,
	"academic_year" varchar(9) NOT NULL,
	"college_serial_num" varchar(20) NOT NULL,
	"submission_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"source_type" integer NOT NULL,
	"source_id" varchar(40),
	"remark" varchar(500),
	"school_code" varchar(255),
	"equipment_no" varchar(255),
	"class_code" varchar(255),
	"equipment_name" varchar(255),
	"model" varchar(255),
	"specification" varchar(500),
	"source_code" varchar(255),
	"country_code" varchar(255),
	"unit_price" numeric(14, 2),
	"purchase_month" varchar(255),
	"status_code" varchar(255),
	"use_direction" varchar(255),
	"unit_code" varchar(255),
	"unit_name" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_sj2" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"task_id" bigint NOT NULL,
	"academic_year" varchar(9) NOT NULL,
	"college_serial_num" varchar(20) NOT NULL,
	"submission_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"source_type" integer NOT NULL,
	"source_id" varchar(40),
	"remark" varchar(500),
	"school_code" varchar(255),
	"last_count" integer,
	"last_amount" numeric(14, 2),
	"last_big_count" integer,
	"last_big_amount" numeric(14, 2),
	"add_count" integer,
	"add_amount" numeric(14, 2),
	"reduce_count" integer,
	"reduce_amount" numeric(14, 2),
	"end_count" integer,
	"end_amount" numeric(14, 2),
	"end_big_count" integer,
	"end_big_amount" numeric(14, 2),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_sj3" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"task_id" bigint NOT NULL,
	"academic_year" varchar(9) NOT NULL,
	"college_serial_num" varchar(20) NOT NULL,
	"submission_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"source_type" integer NOT NULL,
	"source_id" varchar(40),
	"remark" varchar(500),
	"school_code" varchar(255),
	"equipment_no" varchar(255),
	"class_code" varchar(255),
	"equipment_name" varchar(255),
	"unit_price" numeric(14, 2),
	"model" varchar(255),
	"specification" varchar(500),
	"teach_hours" integer,
	"research_hours" integer,
	"service_hours" integer,
	"open_hours" integer,
	"sample_count" integer,
	"train_students" integer,
	"train_teachers" integer,
	"train_others" integer,
	"teach_projects" integer,
	"research_projects" integer,
	"service_projects" integer,
	"award_national" integer,
	"award_provincial" integer,
	"patent_teacher" integer,
	"patent_student" integer,
	"paper_indexed" integer,
	"paper_core" integer,
	"manager_name" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_sj4" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"task_id" bigint NOT NULL,
	"academic_year" varchar(9) NOT NULL,
	"college_serial_num" varchar(20) NOT NULL,
	"submission_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"source_type" integer NOT NULL,
	"source_id" varchar(40),
	"remark" varchar(500),
	"independent_course" integer DEFAULT 0 NOT NULL,
	"school_code" varchar(255),
	"experiment_no" varchar(255),
	"experiment_name" varchar(255),
	"experiment_category" varchar(255),
	"experiment_type" varchar(255),
	"subject_code" varchar(255),
	"requirement" varchar(255),
	"experimenter_type" varchar(255),
	"experimenter_count" integer,
	"group_size" integer,
	"hours" integer,
	"lab_code" varchar(255),
	"lab_name" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_sj5" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"task_id" bigint NOT NULL,
	"academic_year" varchar(9) NOT NULL,
	"college_serial_num" varchar(20) NOT NULL,
	"submission_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"source_type" integer NOT NULL,
	"source_id" varchar(40),
	"remark" varchar(500),
	"school_code" varchar(255),
	"staff_no" varchar(255),
	"lab_code" varchar(255),
	"lab_name" varchar(255),
	"staff_name" varchar(255),
	"sex" varchar(255),
	"birth_month" varchar(255),
	"subject_code" varchar(255),
	"title_code" varchar(255),
	"education_code" varchar(255),
	"expert_code" varchar(255),
	"dom_degree_time" integer,
	"dom_other_time" integer,
	"abroad_degree_time" integer,
	"abroad_other_time" integer,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_sj6" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"task_id" bigint NOT NULL,
	"academic_year" varchar(9) NOT NULL,
	"college_serial_num" varchar(20) NOT NULL,
	"submission_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"source_type" integer NOT NULL,
	"source_id" varchar(40),
	"remark" varchar(500),
	"school_code" varchar(255),
	"lab_code" varchar(255),
	"lab_name" varchar(255),
	"lab_category" varchar(255),
	"founded_year" varchar(255),
	"area" numeric(14, 2),
	"lab_type" varchar(255),
	"subject_code" varchar(255),
	"teacher_award_national" integer,
	"teacher_award_provincial" integer,
	"patents" integer,
	"student_awards" integer,
	"paper_indexed_teach" integer,
	"paper_indexed_research" integer,
	"paper_core_teach" integer,
	"paper_core_research" integer,
	"textbooks" integer,
	"research_projects_high" integer,
	"research_projects_other" integer,
	"service_projects" integer,
	"teach_research_high" integer,
	"teach_research_other" integer,
	"thesis_junior" integer,
	"thesis_undergrad" integer,
	"thesis_graduate" integer,
	"open_exp_in" integer,
	"open_exp_out" integer,
	"open_people_in" integer,
	"open_people_out" integer,
	"open_hours_in" integer,
	"open_hours_out" integer,
	"part_time_staff" integer,
	"running_funds" numeric(14, 2),
	"material_funds" numeric(14, 2),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_sj7" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"task_id" bigint NOT NULL,
	"academic_year" varchar(9) NOT NULL,
	"college_serial_num" varchar(20) NOT NULL,
	"submission_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"source_type" integer NOT NULL,
	"source_id" varchar(40),
	"remark" varchar(500),
	"school_code" varchar(255),
	"lab_count" integer,
	"lab_area" numeric(14, 2),
	"total_funds" numeric(14, 2),
	"equip_purchase" numeric(14, 2),
	"equip_purchase_teach" numeric(14, 2),
	"equip_maintain" numeric(14, 2),
	"equip_maintain_teach" numeric(14, 2),
	"running_funds" numeric(14, 2),
	"material_funds" numeric(14, 2),
	"construction_funds" numeric(14, 2),
	"reform_funds" numeric(14, 2),
	"other_funds" numeric(14, 2),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_submission" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"task_id" bigint NOT NULL,
	"task_serial_num" varchar(20) NOT NULL,
	"academic_year" varchar(9) NOT NULL,
	"college_serial_num" varchar(20) NOT NULL,
	"college_name" varchar(100),
	"college_sort" integer DEFAULT 0 NOT NULL,
	"table_code" varchar(4) NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"process_definition_id" varchar(64),
	"process_instance_id" bigint,
	"submit_user" bigint,
	"submit_user_name" varchar(100),
	"submit_time" timestamp,
	"audit_user" bigint,
	"audit_user_name" varchar(100),
	"audit_time" timestamp,
	"audit_comment" varchar(1000),
	"remark" text,
	"check_time" timestamp,
	"check_errors" integer,
	"check_warnings" integer,
	"check_infos" integer,
	"check_passed" boolean,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_task" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"task_serial_num" varchar(20) NOT NULL,
	"task_name" varchar(100) NOT NULL,
	"academic_year" varchar(9) NOT NULL,
	"school_code" varchar(5) NOT NULL,
	"stat_end_month" varchar(6) NOT NULL,
	"school_type" integer NOT NULL,
	"table_codes" varchar(40) NOT NULL,
	"college_serial_nums" text NOT NULL,
	"process_definition_id" varchar(64),
	"deadline" varchar(10),
	"settings" jsonb NOT NULL,
	"remark" varchar(500),
	"issue_time" timestamp,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_asset_class" (
	"id" bigint PRIMARY KEY NOT NULL,
	"code" varchar(8),
	"name" varchar(100),
	"parent_code" varchar(8),
	"level" integer,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_article" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"category_id" bigint,
	"title" varchar(200),
	"author" varchar(50),
	"source" varchar(100),
	"cover" varchar(500),
	"summary" varchar(500),
	"content" text,
	"link_url" varchar(500),
	"attach_ids" text,
	"is_banner" integer,
	"banner_sort" integer,
	"is_top" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"publish_time" timestamp,
	"view_count" integer,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_category" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"parent_id" bigint,
	"category_name" varchar(50),
	"category_code" varchar(30),
	"category_type" integer,
	"link_url" varchar(500),
	"sort" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_download_task" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"user_id" bigint,
	"biz_type" varchar(30),
	"biz_id" varchar(100),
	"task_name" varchar(200),
	"producer" varchar(60),
	"params" text,
	"caller" text,
	"file_name" varchar(200),
	"file_ext" varchar(10),
	"object_name" varchar(200),
	"file_size" integer,
	"total_rows" integer,
	"processed_rows" integer,
	"progress" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"attempts" integer,
	"error_msg" varchar(500),
	"start_time" timestamp,
	"heartbeat" timestamp,
	"finish_time" timestamp,
	"expire_time" timestamp,
	"download_count" integer,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_inspection_course" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year_id" bigint,
	"course_id" bigint,
	"course_number" varchar(20),
	"course_name" varchar(100),
	"college_serial_num" varchar(20),
	"college_name" varchar(100),
	"teacher_names" varchar(500),
	"class_nos" varchar(1000),
	"planned_projects" integer,
	"planned_batches" integer,
	"planned_hours" integer,
	"done_batches" integer,
	"open_rate" numeric(18, 4),
	"has_syllabus" integer,
	"has_guide" integer,
	"has_schedule" integer,
	"has_reports" integer,
	"has_records" integer,
	"result" integer,
	"suggestion" varchar(1000),
	"problems" varchar(1000),
	"inspector" varchar(50),
	"inspect_date" date,
	"source_missing" integer,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_inspection_room" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year_id" bigint,
	"room_id" bigint,
	"room_no" varchar(20),
	"room_name" varchar(50),
	"lab_code" varchar(20),
	"lab_name" varchar(100),
	"college_serial_num" varchar(20),
	"college_name" varchar(100),
	"manager" varchar(50),
	"batch_count" integer,
	"safety" integer,
	"hygiene" integer,
	"equipment_state" integer,
	"records" integer,
	"signage" integer,
	"result" integer,
	"rectify_requirement" varchar(1000),
	"rectify_deadline" date,
	"rectified" integer,
	"rectify_date" date,
	"photo_ids" text,
	"problems" varchar(1000),
	"inspector" varchar(50),
	"inspect_date" date,
	"source_missing" integer,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_inspection_situation" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year_id" bigint,
	"college_serial_num" varchar(20),
	"college_name" varchar(100),
	"course_total" integer,
	"course_inspected" integer,
	"course_excellent" integer,
	"course_good" integer,
	"course_pass" integer,
	"course_fail" integer,
	"avg_open_rate" numeric(18, 4),
	"room_total" integer,
	"room_inspected" integer,
	"room_fail" integer,
	"problem_count" integer,
	"rectified_count" integer,
	"rectify_rate" numeric(18, 4),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_lock" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"academic_year_id" bigint NOT NULL,
	"sheet" varchar(20) NOT NULL,
	"locked" integer DEFAULT 0 NOT NULL,
	"locked_by" varchar(50),
	"locked_time" timestamp,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_data_version" (
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"topic" varchar(40) NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lab_data_version_tenant_id_topic_pk" PRIMARY KEY("tenant_id","topic")
);
--> statement-breakpoint
CREATE INDEX "sys_academic_tenant_idx" ON "sys_academic" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "blade_attach_tenant_idx" ON "blade_attach" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "base_class_tenant_idx" ON "base_class" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "base_major_tenant_idx" ON "base_major" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "base_major_direction_tenant_idx" ON "base_major_direction" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "base_student_tenant_idx" ON "base_student" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "base_student_class_idx" ON "base_student" USING btree ("tenant_id","class_no");--> statement-breakpoint
CREATE INDEX "base_teacher_tenant_idx" ON "base_teacher" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "lab_external_interface_tenant_idx" ON "lab_external_interface" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "lab_external_resource_tenant_idx" ON "lab_external_resource" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "lab_external_sql_tenant_idx" ON "lab_external_sql" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "lab_external_task_tenant_idx" ON "lab_external_task" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "blade_notice_tenant_idx" ON "blade_notice" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "blade_oss_tenant_idx" ON "blade_oss" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "sys_period_info_tenant_idx" ON "sys_period_info" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "blade_post_tenant_idx" ON "blade_post" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "blade_sms_tenant_idx" ON "blade_sms" USING btree ("tenant_id");--> statement-breakpoint
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
CREATE INDEX "blade_user_tenant_created_idx" ON "blade_user" USING btree ("tenant_id","create_time","id") WHERE "blade_user"."is_deleted" = 0;--> statement-breakpoint
CREATE INDEX "blade_user_real_name_trgm_idx" ON "blade_user" USING gin ("real_name" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "blade_user_account_trgm_idx" ON "blade_user" USING gin ("account" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_other_user_type_uq" ON "blade_user_other" USING btree ("user_id","user_type");--> statement-breakpoint
CREATE INDEX "lab_auth_session_user_idx" ON "lab_auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_login_failure_uq" ON "lab_login_failure" USING btree ("tenant_id","account");--> statement-breakpoint
CREATE INDEX "blade_log_api_tenant_time_idx" ON "blade_log_api" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_dict_code_idx" ON "blade_dict" USING btree ("code");--> statement-breakpoint
CREATE INDEX "blade_dict_parent_idx" ON "blade_dict" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "blade_dict_biz_tenant_code_idx" ON "blade_dict_biz" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "blade_dict_biz_parent_idx" ON "blade_dict_biz" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "blade_log_error_tenant_time_idx" ON "blade_log_error" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "lab_external_task_run_task_idx" ON "lab_external_task_run" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "blade_region_parent_idx" ON "blade_region" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "lab_sms_message_tenant_idx" ON "lab_sms_message" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_log_usual_tenant_time_idx" ON "blade_log_usual" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_flow_definition_key_version_uq" ON "blade_flow_definition" USING btree ("tenant_id","key","version");--> statement-breakpoint
CREATE INDEX "blade_flow_instance_start_user_idx" ON "blade_flow_instance" USING btree ("tenant_id","start_user_id","start_time");--> statement-breakpoint
CREATE INDEX "blade_flow_instance_business_idx" ON "blade_flow_instance" USING btree ("tenant_id","business_table","business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_flow_model_key_uq" ON "blade_flow_model" USING btree ("tenant_id","model_key");--> statement-breakpoint
CREATE INDEX "blade_flow_task_todo_idx" ON "blade_flow_task" USING btree ("tenant_id","assignee_id","create_time") WHERE end_time is null;--> statement-breakpoint
CREATE INDEX "blade_flow_task_done_idx" ON "blade_flow_task" USING btree ("tenant_id","assignee_id","end_time") WHERE end_time is not null;--> statement-breakpoint
CREATE INDEX "blade_flow_task_instance_idx" ON "blade_flow_task" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "blade_flow_task_candidate_key_idx" ON "blade_flow_task_candidate" USING btree ("tenant_id","candidate_key","task_id");--> statement-breakpoint
CREATE INDEX "blade_process_leave_user_idx" ON "blade_process_leave" USING btree ("tenant_id","create_user");--> statement-breakpoint
CREATE INDEX "teach_classroom_tenant_idx" ON "teach_classroom" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_classroom_room_uq" ON "teach_classroom" USING btree ("tenant_id","room_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "teach_course_tenant_idx" ON "teach_course" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_course_number_uq" ON "teach_course" USING btree ("tenant_id","course_number") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "teach_course_ass_project_tenant_idx" ON "teach_course_ass_project" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_course_ass_project_uq" ON "teach_course_ass_project" USING btree ("tenant_id","course_id","project_id");--> statement-breakpoint
CREATE INDEX "teach_course_ass_project_project_idx" ON "teach_course_ass_project" USING btree ("tenant_id","project_id");--> statement-breakpoint
CREATE INDEX "teach_course_plan_tenant_idx" ON "teach_course_plan" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_course_plan_key_uq" ON "teach_course_plan" USING btree ("tenant_id","academic_year_id","course_id","teacher_id","class_key") WHERE is_deleted = 0 and status <> 4;--> statement-breakpoint
CREATE INDEX "teach_course_plan_term_idx" ON "teach_course_plan" USING btree ("tenant_id","academic_year_id","status");--> statement-breakpoint
CREATE INDEX "teach_course_plan_teacher_idx" ON "teach_course_plan" USING btree ("tenant_id","teacher_user_id");--> statement-breakpoint
CREATE INDEX "teach_course_plan_import_tenant_idx" ON "teach_course_plan_import" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "teach_course_plan_import_batch_idx" ON "teach_course_plan_import" USING btree ("tenant_id","import_batch");--> statement-breakpoint
CREATE INDEX "teach_course_plan_import_plan_idx" ON "teach_course_plan_import" USING btree ("tenant_id","course_plan_id");--> statement-breakpoint
CREATE INDEX "teach_course_plan_project_tenant_idx" ON "teach_course_plan_project" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_course_plan_project_uq" ON "teach_course_plan_project" USING btree ("tenant_id","course_plan_id","project_id");--> statement-breakpoint
CREATE INDEX "teach_course_plan_project_project_idx" ON "teach_course_plan_project" USING btree ("tenant_id","project_id");--> statement-breakpoint
CREATE INDEX "teach_parameter_tenant_idx" ON "teach_parameter" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_parameter_term_uq" ON "teach_parameter" USING btree ("tenant_id","academic_year_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "teach_parameter_time_tenant_idx" ON "teach_parameter_time" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_parameter_time_section_uq" ON "teach_parameter_time" USING btree ("tenant_id","academic_year_id","section") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "teach_project_tenant_idx" ON "teach_project" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_project_number_body_uq" ON "teach_project" USING btree ("tenant_id","number_body");--> statement-breakpoint
CREATE INDEX "teach_project_lab_idx" ON "teach_project" USING btree ("tenant_id","lab_id");--> statement-breakpoint
CREATE INDEX "teach_project_number_seq_tenant_idx" ON "teach_project_number_seq" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_project_number_seq_uq" ON "teach_project_number_seq" USING btree ("tenant_id","lab_serial");--> statement-breakpoint
CREATE INDEX "teach_time_node_tenant_idx" ON "teach_time_node" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_time_node_key_uq" ON "teach_time_node" USING btree ("tenant_id","academic_year_id","week","weekday","section") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "teach_address_collision_tenant_idx" ON "teach_address_collision" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_address_collision_key_uq" ON "teach_address_collision" USING btree ("tenant_id","party_key","batch_plan_id","other_batch_plan_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "teach_address_collision_term_idx" ON "teach_address_collision" USING btree ("tenant_id","academic_year_id","status");--> statement-breakpoint
CREATE INDEX "teach_address_collision_a_idx" ON "teach_address_collision" USING btree ("tenant_id","batch_plan_id");--> statement-breakpoint
CREATE INDEX "teach_address_collision_b_idx" ON "teach_address_collision" USING btree ("tenant_id","other_batch_plan_id");--> statement-breakpoint
CREATE INDEX "teach_batch_ass_student_tenant_idx" ON "teach_batch_ass_student" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_batch_ass_student_uq" ON "teach_batch_ass_student" USING btree ("tenant_id","batch_plan_id","student_no");--> statement-breakpoint
CREATE INDEX "teach_batch_ass_student_line_idx" ON "teach_batch_ass_student" USING btree ("tenant_id","course_plan_project_id","student_no");--> statement-breakpoint
CREATE INDEX "teach_batch_ass_student_party_idx" ON "teach_batch_ass_student" USING btree ("tenant_id","academic_year_id","student_no","weekday");--> statement-breakpoint
CREATE INDEX "teach_batch_plan_tenant_idx" ON "teach_batch_plan" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "teach_batch_plan_term_idx" ON "teach_batch_plan" USING btree ("tenant_id","academic_year_id","weekday");--> statement-breakpoint
CREATE INDEX "teach_batch_plan_line_idx" ON "teach_batch_plan" USING btree ("tenant_id","course_plan_project_id");--> statement-breakpoint
CREATE INDEX "teach_batch_plan_plan_idx" ON "teach_batch_plan" USING btree ("tenant_id","course_plan_id");--> statement-breakpoint
CREATE INDEX "teach_batch_plan_adjust_tenant_idx" ON "teach_batch_plan_adjust" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "teach_batch_plan_adjust_plan_idx" ON "teach_batch_plan_adjust" USING btree ("tenant_id","batch_plan_id");--> statement-breakpoint
CREATE INDEX "teach_batch_plan_adjust_user_idx" ON "teach_batch_plan_adjust" USING btree ("tenant_id","create_user");--> statement-breakpoint
CREATE INDEX "teach_batch_plan_class_tenant_idx" ON "teach_batch_plan_class" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_batch_plan_class_uq" ON "teach_batch_plan_class" USING btree ("tenant_id","batch_plan_id","class_no");--> statement-breakpoint
CREATE INDEX "teach_batch_plan_class_party_idx" ON "teach_batch_plan_class" USING btree ("tenant_id","academic_year_id","class_no","weekday");--> statement-breakpoint
CREATE INDEX "teach_batch_plan_room_tenant_idx" ON "teach_batch_plan_room" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_batch_plan_room_uq" ON "teach_batch_plan_room" USING btree ("tenant_id","batch_plan_id","room_id");--> statement-breakpoint
CREATE INDEX "teach_batch_plan_room_party_idx" ON "teach_batch_plan_room" USING btree ("tenant_id","academic_year_id","room_id","weekday");--> statement-breakpoint
CREATE INDEX "teach_batch_plan_teacher_tenant_idx" ON "teach_batch_plan_teacher" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_batch_plan_teacher_uq" ON "teach_batch_plan_teacher" USING btree ("tenant_id","batch_plan_id","teacher_id");--> statement-breakpoint
CREATE INDEX "teach_batch_plan_teacher_party_idx" ON "teach_batch_plan_teacher" USING btree ("tenant_id","academic_year_id","teacher_id","weekday");--> statement-breakpoint
CREATE INDEX "teach_class_collision_tenant_idx" ON "teach_class_collision" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_class_collision_key_uq" ON "teach_class_collision" USING btree ("tenant_id","party_key","batch_plan_id","other_batch_plan_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "teach_class_collision_term_idx" ON "teach_class_collision" USING btree ("tenant_id","academic_year_id","status");--> statement-breakpoint
CREATE INDEX "teach_class_collision_a_idx" ON "teach_class_collision" USING btree ("tenant_id","batch_plan_id");--> statement-breakpoint
CREATE INDEX "teach_class_collision_b_idx" ON "teach_class_collision" USING btree ("tenant_id","other_batch_plan_id");--> statement-breakpoint
CREATE INDEX "teach_new_batch_plan_tenant_idx" ON "teach_new_batch_plan" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_new_batch_plan_line_uq" ON "teach_new_batch_plan" USING btree ("tenant_id","course_plan_project_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "teach_new_batch_plan_term_idx" ON "teach_new_batch_plan" USING btree ("tenant_id","academic_year_id");--> statement-breakpoint
CREATE INDEX "teach_student_collision_tenant_idx" ON "teach_student_collision" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_student_collision_key_uq" ON "teach_student_collision" USING btree ("tenant_id","party_key","batch_plan_id","other_batch_plan_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "teach_student_collision_term_idx" ON "teach_student_collision" USING btree ("tenant_id","academic_year_id","status");--> statement-breakpoint
CREATE INDEX "teach_student_collision_a_idx" ON "teach_student_collision" USING btree ("tenant_id","batch_plan_id");--> statement-breakpoint
CREATE INDEX "teach_student_collision_b_idx" ON "teach_student_collision" USING btree ("tenant_id","other_batch_plan_id");--> statement-breakpoint
CREATE INDEX "teach_teacher_collision_tenant_idx" ON "teach_teacher_collision" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_teacher_collision_key_uq" ON "teach_teacher_collision" USING btree ("tenant_id","party_key","batch_plan_id","other_batch_plan_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "teach_teacher_collision_term_idx" ON "teach_teacher_collision" USING btree ("tenant_id","academic_year_id","status");--> statement-breakpoint
CREATE INDEX "teach_teacher_collision_a_idx" ON "teach_teacher_collision" USING btree ("tenant_id","batch_plan_id");--> statement-breakpoint
CREATE INDEX "teach_teacher_collision_b_idx" ON "teach_teacher_collision" USING btree ("tenant_id","other_batch_plan_id");--> statement-breakpoint
CREATE INDEX "experiment_project_tenant_idx" ON "experiment_project" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "experiment_project_term_idx" ON "experiment_project" USING btree ("tenant_id","academic_year_id","status");--> statement-breakpoint
CREATE INDEX "experiment_project_params_tenant_idx" ON "experiment_project_params" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_project_params_tenant_uq" ON "experiment_project_params" USING btree ("tenant_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "experiment_project_stu_tenant_idx" ON "experiment_project_stu" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_project_stu_live_uq" ON "experiment_project_stu" USING btree ("tenant_id","time_id","student_no") WHERE is_deleted = 0 and status = 1;--> statement-breakpoint
CREATE INDEX "experiment_project_stu_student_idx" ON "experiment_project_stu" USING btree ("tenant_id","student_no","status");--> statement-breakpoint
CREATE INDEX "experiment_project_stu_project_idx" ON "experiment_project_stu" USING btree ("tenant_id","project_id");--> statement-breakpoint
CREATE INDEX "experiment_project_time_tenant_idx" ON "experiment_project_time" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_project_time_uq" ON "experiment_project_time" USING btree ("tenant_id","project_id","date","start_section","room_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "experiment_project_time_room_idx" ON "experiment_project_time" USING btree ("tenant_id","room_id","date");--> statement-breakpoint
CREATE INDEX "experiment_project_time_day_idx" ON "experiment_project_time" USING btree ("tenant_id","date");--> statement-breakpoint
CREATE INDEX "lab_appointment_tenant_idx" ON "lab_appointment" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "lab_appointment_room_day_idx" ON "lab_appointment" USING btree ("tenant_id","room_id","appointment_date");--> statement-breakpoint
CREATE INDEX "lab_appointment_status_idx" ON "lab_appointment" USING btree ("tenant_id","status","appointment_date");--> statement-breakpoint
CREATE INDEX "lab_info_tenant_idx" ON "lab_info" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_info_serial_uq" ON "lab_info" USING btree ("tenant_id","serial");--> statement-breakpoint
CREATE INDEX "lab_info_parent_idx" ON "lab_info" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "lab_info_dept_idx" ON "lab_info" USING btree ("tenant_id","dept_serial");--> statement-breakpoint
CREATE INDEX "lab_room_tenant_idx" ON "lab_room" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_room_no_uq" ON "lab_room" USING btree ("tenant_id","room_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "lab_room_lab_idx" ON "lab_room" USING btree ("tenant_id","lab_id");--> statement-breakpoint
CREATE INDEX "lab_room_closure_tenant_idx" ON "lab_room_closure" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "lab_room_closure_room_idx" ON "lab_room_closure" USING btree ("tenant_id","room_id","start_date");--> statement-breakpoint
CREATE INDEX "lab_room_monitoring_tenant_idx" ON "lab_room_monitoring" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "lab_room_monitoring_room_idx" ON "lab_room_monitoring" USING btree ("tenant_id","room_id");--> statement-breakpoint
CREATE INDEX "lab_teacher_tenant_idx" ON "lab_teacher" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_teacher_teacher_uq" ON "lab_teacher" USING btree ("tenant_id","teacher_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "lab_teacher_lab_idx" ON "lab_teacher" USING btree ("tenant_id","lab_id");--> statement-breakpoint
CREATE INDEX "open_base_apply_tenant_idx" ON "open_base_apply" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "open_room_apply_tenant_idx" ON "open_room_apply" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "open_room_apply_room_idx" ON "open_room_apply" USING btree ("tenant_id","room_id","start_date");--> statement-breakpoint
CREATE INDEX "open_room_reserve_tenant_idx" ON "open_room_reserve" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "open_room_reserve_student_uq" ON "open_room_reserve" USING btree ("tenant_id","slot_id","student_no") WHERE is_deleted = 0 and status in (1, 3, 4, 5);--> statement-breakpoint
CREATE INDEX "open_room_reserve_student_idx" ON "open_room_reserve" USING btree ("tenant_id","student_no");--> statement-breakpoint
CREATE INDEX "open_room_reserve_day_idx" ON "open_room_reserve" USING btree ("tenant_id","slot_date");--> statement-breakpoint
CREATE INDEX "open_room_rules_tenant_idx" ON "open_room_rules" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "open_room_share_tenant_idx" ON "open_room_share" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "open_room_slot_tenant_idx" ON "open_room_slot" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "open_room_slot_apply_idx" ON "open_room_slot" USING btree ("tenant_id","apply_id");--> statement-breakpoint
CREATE INDEX "open_room_slot_room_day_idx" ON "open_room_slot" USING btree ("tenant_id","room_id","slot_date");--> statement-breakpoint
CREATE INDEX "assets_donate_tenant_idx" ON "assets_donate" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_donate_no_uq" ON "assets_donate" USING btree ("tenant_id","donate_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "assets_equipment_tenant_idx" ON "assets_equipment" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_equipment_no_uq" ON "assets_equipment" USING btree ("tenant_id","equipment_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "assets_equipment_class_idx" ON "assets_equipment" USING btree ("tenant_id","class_code");--> statement-breakpoint
CREATE INDEX "assets_equipment_purchase_idx" ON "assets_equipment" USING btree ("tenant_id","purchase_date");--> statement-breakpoint
CREATE INDEX "assets_equipment_lab_idx" ON "assets_equipment" USING btree ("tenant_id","lab_serial");--> statement-breakpoint
CREATE INDEX "assets_equipment_dept_idx" ON "assets_equipment" USING btree ("tenant_id","dept_serial");--> statement-breakpoint
CREATE INDEX "assets_equipment_donate_idx" ON "assets_equipment" USING btree ("donate_id");--> statement-breakpoint
CREATE INDEX "assets_equipment_change_tenant_idx" ON "assets_equipment_change" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "assets_equipment_change_eq_idx" ON "assets_equipment_change" USING btree ("equipment_id","change_date");--> statement-breakpoint
CREATE INDEX "assets_equipment_usage_tenant_idx" ON "assets_equipment_usage" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_equipment_usage_uq" ON "assets_equipment_usage" USING btree ("tenant_id","equipment_id","academic_year") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "assets_sequence_tenant_idx" ON "assets_sequence" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_sequence_key_uq" ON "assets_sequence" USING btree ("tenant_id","seq_key");--> statement-breakpoint
CREATE INDEX "assets_worklog_tenant_idx" ON "assets_worklog" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "assets_worklog_date_idx" ON "assets_worklog" USING btree ("tenant_id","log_date");--> statement-breakpoint
CREATE INDEX "lab_school_enterprise_tenant_idx" ON "lab_school_enterprise" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "device_repair_record_tenant_idx" ON "device_repair_record" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "device_repair_record_repairs_idx" ON "device_repair_record" USING btree ("repairs_id");--> statement-breakpoint
CREATE INDEX "device_repairs_tenant_idx" ON "device_repairs" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_repairs_no_uq" ON "device_repairs" USING btree ("tenant_id","repair_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "device_repairs_equipment_idx" ON "device_repairs" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "device_repairs_status_idx" ON "device_repairs" USING btree ("tenant_id","repair_status");--> statement-breakpoint
CREATE INDEX "competition_address_tenant_idx" ON "competition_address" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_address_name_uq" ON "competition_address" USING btree ("tenant_id","address_name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "competition_project_apply_tenant_idx" ON "competition_project_apply" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "competition_apply_year_status_idx" ON "competition_project_apply" USING btree ("tenant_id","academic_year","status");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_apply_no_uq" ON "competition_project_apply" USING btree ("tenant_id","apply_no");--> statement-breakpoint
CREATE INDEX "competition_project_apply_score_tenant_idx" ON "competition_project_apply_score" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_apply_score_uq" ON "competition_project_apply_score" USING btree ("tenant_id","apply_id","reviewer_user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "competition_apply_seq_tenant_idx" ON "competition_apply_seq" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_apply_seq_year_uq" ON "competition_apply_seq" USING btree ("tenant_id","academic_year");--> statement-breakpoint
CREATE INDEX "competition_project_appointment_tenant_idx" ON "competition_project_appointment" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "competition_appointment_project_idx" ON "competition_project_appointment" USING btree ("tenant_id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_appointment_team_uq" ON "competition_project_appointment" USING btree ("tenant_id","project_id","team_name") WHERE is_deleted = 0 and entry_type = 2;--> statement-breakpoint
CREATE INDEX "competition_project_appointment_member_tenant_idx" ON "competition_project_appointment_member" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_member_project_student_uq" ON "competition_project_appointment_member" USING btree ("tenant_id","project_id","student_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "competition_member_student_idx" ON "competition_project_appointment_member" USING btree ("tenant_id","student_no","project_id");--> statement-breakpoint
CREATE INDEX "competition_member_year_student_idx" ON "competition_project_appointment_member" USING btree ("tenant_id","academic_year","student_no");--> statement-breakpoint
CREATE INDEX "competition_member_appointment_idx" ON "competition_project_appointment_member" USING btree ("tenant_id","appointment_id");--> statement-breakpoint
CREATE INDEX "competition_campus_tenant_idx" ON "competition_campus" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_campus_year_dept_uq" ON "competition_campus" USING btree ("tenant_id","academic_year","dept_serial") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "competition_project_final_tenant_idx" ON "competition_project_final" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_final_project_level_uq" ON "competition_project_final" USING btree ("tenant_id","project_id","final_level") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "competition_project_final_result_tenant_idx" ON "competition_project_final_result" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_final_result_uq" ON "competition_project_final_result" USING btree ("tenant_id","final_id","appointment_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "competition_final_result_stat_idx" ON "competition_project_final_result" USING btree ("tenant_id","academic_year","status","award");--> statement-breakpoint
CREATE INDEX "competition_final_result_final_idx" ON "competition_project_final_result" USING btree ("tenant_id","final_id");--> statement-breakpoint
CREATE INDEX "competition_parameter_tenant_idx" ON "competition_parameter" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_parameter_year_uq" ON "competition_parameter" USING btree ("tenant_id","academic_year") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "competition_project_preliminary_tenant_idx" ON "competition_project_preliminary" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_preliminary_project_uq" ON "competition_project_preliminary" USING btree ("tenant_id","project_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "competition_project_preliminary_result_tenant_idx" ON "competition_project_preliminary_result" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_preliminary_result_uq" ON "competition_project_preliminary_result" USING btree ("tenant_id","preliminary_id","appointment_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "competition_preliminary_result_project_idx" ON "competition_project_preliminary_result" USING btree ("tenant_id","project_id");--> statement-breakpoint
CREATE INDEX "safety_exam_ques_bank_category_tenant_idx" ON "safety_exam_ques_bank_category" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "safety_category_parent_idx" ON "safety_exam_ques_bank_category" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_cert_seq_uq" ON "safety_exam_cert_seq" USING btree ("tenant_id","year");--> statement-breakpoint
CREATE INDEX "safety_exam_course_tenant_idx" ON "safety_exam_course" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "safety_exam_home_param_tenant_idx" ON "safety_exam_home_param" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "safety_knowledge_tenant_idx" ON "safety_knowledge" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "safety_exam_label_tenant_idx" ON "safety_exam_label" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "safety_exam_manual_tenant_idx" ON "safety_exam_manual" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "safety_exam_notice_tenant_idx" ON "safety_exam_notice" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "safety_exam_paper_tenant_idx" ON "safety_exam_paper" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "safety_exam_ques_bank_paper_person_tenant_idx" ON "safety_exam_ques_bank_paper_person" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_paper_person_uq" ON "safety_exam_ques_bank_paper_person" USING btree ("tenant_id","plan_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "safety_paper_person_sweep_idx" ON "safety_exam_ques_bank_paper_person" USING btree ("deadline") WHERE status = 1 and is_deleted = 0;--> statement-breakpoint
CREATE INDEX "safety_exam_paper_question_tenant_idx" ON "safety_exam_paper_question" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "safety_paper_question_paper_idx" ON "safety_exam_paper_question" USING btree ("tenant_id","paper_id","sort");--> statement-breakpoint
CREATE INDEX "safety_exam_plan_tenant_idx" ON "safety_exam_plan" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "safety_plan_status_idx" ON "safety_exam_plan" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "safety_plan_parent_idx" ON "safety_exam_plan" USING btree ("tenant_id","parent_plan_id");--> statement-breakpoint
CREATE INDEX "safety_exam_plan_person_tenant_idx" ON "safety_exam_plan_person" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_plan_person_uq" ON "safety_exam_plan_person" USING btree ("tenant_id","plan_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "safety_plan_person_user_idx" ON "safety_exam_plan_person" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "safety_exam_plan_scope_tenant_idx" ON "safety_exam_plan_scope" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_plan_scope_uq" ON "safety_exam_plan_scope" USING btree ("tenant_id","plan_id","user_type","dept_serial",coalesce(major_serial, ''),coalesce(grade, ''),coalesce(class_no, '')) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "safety_exam_question_bank_tenant_idx" ON "safety_exam_question_bank" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_question_stem_uq" ON "safety_exam_question_bank" USING btree ("tenant_id","question_type","stem_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "safety_question_pool_idx" ON "safety_exam_question_bank" USING btree ("tenant_id","category_id","question_type","status");--> statement-breakpoint
CREATE INDEX "safety_exam_score_tenant_idx" ON "safety_exam_score" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_score_uq" ON "safety_exam_score" USING btree ("tenant_id","plan_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "safety_score_cert_uq" ON "safety_exam_score" USING btree ("tenant_id","certificate_no") WHERE certificate_no is not null;--> statement-breakpoint
CREATE INDEX "safety_score_user_idx" ON "safety_exam_score" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "safety_score_root_idx" ON "safety_exam_score" USING btree ("tenant_id","root_plan_id");--> statement-breakpoint
CREATE INDEX "safety_exam_statistics_tenant_idx" ON "safety_exam_statistics" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_statistics_uq" ON "safety_exam_statistics" USING btree ("tenant_id","plan_id","dept_serial") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "safety_exam_study_record_tenant_idx" ON "safety_exam_study_record" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_study_record_uq" ON "safety_exam_study_record" USING btree ("tenant_id","user_id","resource_type","resource_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "safety_study_record_user_idx" ON "safety_exam_study_record" USING btree ("tenant_id","user_id","last_time");--> statement-breakpoint
CREATE INDEX "report_check_issue_tenant_idx" ON "report_check_issue" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "report_check_issue_level_idx" ON "report_check_issue" USING btree ("submission_id","level");--> statement-breakpoint
CREATE INDEX "report_check_issue_row_idx" ON "report_check_issue" USING btree ("submission_id","row_id");--> statement-breakpoint
CREATE INDEX "report_sj1_tenant_idx" ON "report_sj1" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "report_sj1_scope_idx" ON "report_sj1" USING btree ("tenant_id","task_id","college_serial_num","row_no");--> statement-breakpoint
CREATE INDEX "report_sj1_submission_idx" ON "report_sj1" USING btree ("submission_id","row_no");--> statement-breakpoint
CREATE INDEX "report_sj1_key_idx" ON "report_sj1" USING btree ("tenant_id","task_id","equipment_no");--> statement-breakpoint
CREATE INDEX "report_sj2_tenant_idx" ON "report_sj2" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "report_sj2_scope_idx" ON "report_sj2" USING btree ("tenant_id","task_id","college_serial_num","row_no");--> statement-breakpoint
CREATE INDEX "report_sj2_submission_idx" ON "report_sj2" USING btree ("submission_id","row_no");--> statement-breakpoint
CREATE INDEX "report_sj3_tenant_idx" ON "report_sj3" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "report_sj3_scope_idx" ON "report_sj3" USING btree ("tenant_id","task_id","college_serial_num","row_no");--> statement-breakpoint
CREATE INDEX "report_sj3_submission_idx" ON "report_sj3" USING btree ("submission_id","row_no");--> statement-breakpoint
CREATE INDEX "report_sj3_key_idx" ON "report_sj3" USING btree ("tenant_id","task_id","equipment_no");--> statement-breakpoint
CREATE INDEX "report_sj4_tenant_idx" ON "report_sj4" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "report_sj4_scope_idx" ON "report_sj4" USING btree ("tenant_id","task_id","college_serial_num","row_no");--> statement-breakpoint
CREATE INDEX "report_sj4_submission_idx" ON "report_sj4" USING btree ("submission_id","row_no");--> statement-breakpoint
CREATE INDEX "report_sj4_key_idx" ON "report_sj4" USING btree ("task_id","experiment_no");--> statement-breakpoint
CREATE INDEX "report_sj4_lab_idx" ON "report_sj4" USING btree ("task_id","lab_code");--> statement-breakpoint
CREATE INDEX "report_sj5_tenant_idx" ON "report_sj5" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "report_sj5_scope_idx" ON "report_sj5" USING btree ("tenant_id","task_id","college_serial_num","row_no");--> statement-breakpoint
CREATE INDEX "report_sj5_submission_idx" ON "report_sj5" USING btree ("submission_id","row_no");--> statement-breakpoint
CREATE INDEX "report_sj5_key_idx" ON "report_sj5" USING btree ("task_id","staff_no");--> statement-breakpoint
CREATE INDEX "report_sj5_lab_idx" ON "report_sj5" USING btree ("task_id","lab_code");--> statement-breakpoint
CREATE INDEX "report_sj6_tenant_idx" ON "report_sj6" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "report_sj6_scope_idx" ON "report_sj6" USING btree ("tenant_id","task_id","college_serial_num","row_no");--> statement-breakpoint
CREATE INDEX "report_sj6_submission_idx" ON "report_sj6" USING btree ("submission_id","row_no");--> statement-breakpoint
CREATE INDEX "report_sj6_lab_idx" ON "report_sj6" USING btree ("task_id","lab_code");--> statement-breakpoint
CREATE INDEX "report_sj7_tenant_idx" ON "report_sj7" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "report_sj7_scope_idx" ON "report_sj7" USING btree ("tenant_id","task_id","college_serial_num","row_no");--> statement-breakpoint
CREATE INDEX "report_sj7_submission_idx" ON "report_sj7" USING btree ("submission_id","row_no");--> statement-breakpoint
CREATE INDEX "report_submission_tenant_idx" ON "report_submission" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_submission_scope_uq" ON "report_submission" USING btree ("tenant_id","task_id","college_serial_num","table_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "report_submission_instance_idx" ON "report_submission" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "report_task_tenant_idx" ON "report_task" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_task_year_uq" ON "report_task" USING btree ("tenant_id","academic_year") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_asset_class_code_uq" ON "sys_asset_class" USING btree ("code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "sys_asset_class_parent_idx" ON "sys_asset_class" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "cms_article_tenant_idx" ON "cms_article" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "cms_article_category_idx" ON "cms_article" USING btree ("tenant_id","category_id","status","publish_time");--> statement-breakpoint
CREATE INDEX "cms_article_banner_idx" ON "cms_article" USING btree ("tenant_id","is_banner","status","banner_sort");--> statement-breakpoint
CREATE INDEX "cms_category_tenant_idx" ON "cms_category" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_category_code_uq" ON "cms_category" USING btree ("tenant_id","category_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "cms_category_parent_idx" ON "cms_category" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "biz_download_task_tenant_idx" ON "biz_download_task" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "biz_download_task_user_status_idx" ON "biz_download_task" USING btree ("tenant_id","user_id","status");--> statement-breakpoint
CREATE INDEX "biz_download_task_biz_idx" ON "biz_download_task" USING btree ("tenant_id","biz_id","user_id","create_time");--> statement-breakpoint
CREATE INDEX "biz_download_task_queue_idx" ON "biz_download_task" USING btree ("status","create_time");--> statement-breakpoint
CREATE INDEX "quality_inspection_course_tenant_idx" ON "quality_inspection_course" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_inspection_course_uq" ON "quality_inspection_course" USING btree ("tenant_id","academic_year_id","course_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "quality_inspection_room_tenant_idx" ON "quality_inspection_room" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_inspection_room_uq" ON "quality_inspection_room" USING btree ("tenant_id","academic_year_id","room_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "quality_inspection_situation_tenant_idx" ON "quality_inspection_situation" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_inspection_situation_uq" ON "quality_inspection_situation" USING btree ("tenant_id","academic_year_id","college_serial_num") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "quality_lock_tenant_idx" ON "quality_lock" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_lock_uq" ON "quality_lock" USING btree ("tenant_id","academic_year_id","sheet") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "quality_lock_term_idx" ON "quality_lock" USING btree ("tenant_id","academic_year_id");