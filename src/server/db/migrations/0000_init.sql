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
CREATE INDEX "sys_academic_tenant_idx" ON "sys_academic" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "blade_attach_tenant_idx" ON "blade_attach" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "base_class_tenant_idx" ON "base_class" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "base_major_tenant_idx" ON "base_major" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "base_major_direction_tenant_idx" ON "base_major_direction" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "base_student_tenant_idx" ON "base_student" USING btree ("tenant_id");--> statement-breakpoint
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
CREATE INDEX "blade_process_leave_user_idx" ON "blade_process_leave" USING btree ("tenant_id","create_user");