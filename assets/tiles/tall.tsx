<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="tall" tilewidth="64" tileheight="128" tilecount="33" columns="8">
 <grid orientation="isometric" width="64" height="32"/>
 <image source="tall.png" width="512" height="640"/>
  <tile id="0">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="1">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="2">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="3">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="4">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="5">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="6">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="7">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="8">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="9">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="10">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="11">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="12">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="13">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="14">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="15">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="16">
   <properties>
    <property name="terrain" value="volcano"/>
   </properties>
  </tile>
  <tile id="17">
   <properties>
    <property name="terrain" value="volcano_erupting"/>
   </properties>
   <animation>
    <frame tileid="17" duration="160"/>
    <frame tileid="18" duration="160"/>
    <frame tileid="19" duration="160"/>
    <frame tileid="20" duration="160"/>
   </animation>
  </tile>
  <tile id="18">
   <properties>
    <property name="terrain" value="volcano_erupting"/>
   </properties>
  </tile>
  <tile id="19">
   <properties>
    <property name="terrain" value="volcano_erupting"/>
   </properties>
  </tile>
  <tile id="20">
   <properties>
    <property name="terrain" value="volcano_erupting"/>
   </properties>
  </tile>
  <tile id="21">
   <properties>
    <property name="terrain" value="tombstone"/>
   </properties>
  </tile>
  <tile id="22">
   <properties>
    <property name="terrain" value="tombstone"/>
   </properties>
  </tile>
  <tile id="23">
   <properties>
    <property name="connects" value="road"/>
    <property name="terrain" value="tent"/>
   </properties>
  </tile>
  <tile id="24">
   <properties>
    <property name="connects" value="road"/>
    <property name="terrain" value="castle"/>
   </properties>
  </tile>
  <tile id="25">
   <properties>
    <property name="terrain" value="tree"/>
   </properties>
  </tile>
  <tile id="26">
   <properties>
    <property name="terrain" value="tree"/>
   </properties>
  </tile>
  <tile id="27">
   <properties>
    <property name="terrain" value="tree"/>
   </properties>
  </tile>
  <tile id="28">
   <properties>
    <property name="terrain" value="tree"/>
   </properties>
  </tile>
  <tile id="29">
   <properties>
    <property name="terrain" value="rock"/>
   </properties>
  </tile>
  <tile id="30">
   <properties>
    <property name="terrain" value="rock"/>
   </properties>
  </tile>
  <tile id="31">
   <properties>
    <property name="connects" value="road"/>
    <property name="terrain" value="bridge"/>
   </properties>
  </tile>
  <tile id="32">
   <properties>
    <property name="connects" value="road"/>
    <property name="terrain" value="bridge"/>
   </properties>
  </tile>
 <wangsets>
  <wangset name="walls" type="edge" tile="15">
   <wangcolor name="wall" color="#a49c8e" tile="15" probability="1"/>
   <wangtile tileid="1" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="2" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="3" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="4" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="5" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="6" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="7" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="8" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="9" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="10" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="11" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="12" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="13" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="14" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="15" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
 </wangsets>
</tileset>
